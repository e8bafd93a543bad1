// CASE: target=x86_64-avx2 expect=linalg.batch_mmt4d
func.func @batch_matmul(%a: tensor<3x20x16xf32>, %b: tensor<3x16x24xf32>, %c: tensor<3x20x24xf32>) -> tensor<3x20x24xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<3x20x16xf32>, tensor<3x16x24xf32>) outs(%c : tensor<3x20x24xf32>) -> tensor<3x20x24xf32>
  return %0 : tensor<3x20x24xf32>
}
