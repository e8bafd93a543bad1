// CASE: target=x86_64-avx2 expect=linalg.generic
// i16 x i16 -> i32 has no tile in the table: the encodings are dropped (a warning says so).
func.func @dropped_i16(%a: tensor<8x6xi16>, %b: tensor<6x4xi16>, %c: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x6xi16>, tensor<6x4xi16>) outs(%c : tensor<8x4xi32>) {
  ^bb0(%x: i16, %y: i16, %acc: i32):
    %xe = arith.extsi %x : i16 to i32
    %ye = arith.extsi %y : i16 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
