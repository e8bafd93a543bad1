// Inputs of `mlir-opt --linalg-block-pack-matmul` (generic-to-mmt4d.mlir, block-pack-run.mlir).
func.func @block_matmul(%a: tensor<64x48xf32>, %b: tensor<48x40xf32>, %c: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x48xf32>, tensor<48x40xf32>) outs(%c : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %0 : tensor<64x40xf32>
}
func.func @block_batch_matmul(%a: tensor<2x16x24xf32>, %b: tensor<2x24x32xf32>, %c: tensor<2x16x32xf32>) -> tensor<2x16x32xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x16x24xf32>, tensor<2x24x32xf32>) outs(%c : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  return %0 : tensor<2x16x32xf32>
}
