// CASE: target=x86_64-avx512 expect=linalg.mmt4d
// M = 3: the M tile is truncated to 4 (the next power of two), one padded row.
func.func @narrow_m3(%a: tensor<3x24xf32>, %b: tensor<24x40xf32>, %c: tensor<3x40xf32>) -> tensor<3x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<3x24xf32>, tensor<24x40xf32>) outs(%c : tensor<3x40xf32>) -> tensor<3x40xf32>
  return %0 : tensor<3x40xf32>
}
