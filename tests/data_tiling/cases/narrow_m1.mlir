// CASE: target=x86_64-avx512 expect=linalg.mmt4d
// M = 1 (a vector-matrix product): the M tile is truncated to 1.
func.func @narrow_m1(%a: tensor<1x64xf32>, %b: tensor<64x40xf32>, %c: tensor<1x40xf32>) -> tensor<1x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x64xf32>, tensor<64x40xf32>) outs(%c : tensor<1x40xf32>) -> tensor<1x40xf32>
  return %0 : tensor<1x40xf32>
}
