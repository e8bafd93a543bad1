// A fully connected layer whose weight argument has leading unit dimensions (Inception-v1's
// 1x1x1000x1024 classifier, as torch-mlir imports it): the weight is collapsed, then transposed,
// on every call. In @fc_shared the collapsed weight is also read as it is, so the transpose stays.
func.func @fc_collapsed(%x: tensor<2x8xf32>, %w: tensor<1x1x6x8xf32> {xfuse.weight}) -> tensor<2x6xf32> {
  %zero = arith.constant 0.0 : f32
  %c = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<1x1x6x8xf32> into tensor<6x8xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %wt = linalg.transpose ins(%c : tensor<6x8xf32>) outs(%e : tensor<8x6xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x6xf32>) -> tensor<2x6xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<2x8xf32>, tensor<8x6xf32>) outs(%f : tensor<2x6xf32>) -> tensor<2x6xf32>
  return %m : tensor<2x6xf32>
}

func.func @fc_shared(%x: tensor<2x8xf32>, %w: tensor<1x1x6x8xf32> {xfuse.weight}) -> (tensor<2x6xf32>, tensor<6x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<1x1x6x8xf32> into tensor<6x8xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %wt = linalg.transpose ins(%c : tensor<6x8xf32>) outs(%e : tensor<8x6xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x6xf32>) -> tensor<2x6xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<2x8xf32>, tensor<8x6xf32>) outs(%f : tensor<2x6xf32>) -> tensor<2x6xf32>
  return %m, %c : tensor<2x6xf32>, tensor<6x8xf32>
}
