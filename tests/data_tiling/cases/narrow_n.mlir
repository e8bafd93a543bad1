// CASE: target=x86_64-avx2 expect=linalg.mmt4d
// N = 2 < M: transposed to a narrow-M problem (C^T = B^T A^T), the result unpacked transposed.
func.func @narrow_n(%a: tensor<40x24xf32>, %b: tensor<24x2xf32>, %c: tensor<40x2xf32>) -> tensor<40x2xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<40x24xf32>, tensor<24x2xf32>) outs(%c : tensor<40x2xf32>) -> tensor<40x2xf32>
  return %0 : tensor<40x2xf32>
}
