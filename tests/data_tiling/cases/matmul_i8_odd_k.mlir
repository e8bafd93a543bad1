// CASE: target=x86_64-avx512vnni expect=linalg.mmt4d
// i8 x i8 -> i32 with 16x16x2 tiles and an odd K (padded with zeros).
func.func @matmul_i8_odd_k(%a: tensor<5x33xi8>, %b: tensor<33x40xi8>, %c: tensor<5x40xi32>) -> tensor<5x40xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<5x33xi8>, tensor<33x40xi8>) outs(%c : tensor<5x40xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<5x40xi32>
  return %0 : tensor<5x40xi32>
}
