// CASE: target=x86_64-avx2 expect=linalg.mmt4d
// i8 x i8 -> i32 (8x8x2 tiles; K=30 is a multiple of 2, M and N are padded).
func.func @matmul_i8(%a: tensor<19x30xi8>, %b: tensor<30x21xi8>, %c: tensor<19x21xi32>) -> tensor<19x21xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<19x30xi8>, tensor<30x21xi8>) outs(%c : tensor<19x21xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<19x21xi32>
  return %0 : tensor<19x21xi32>
}
