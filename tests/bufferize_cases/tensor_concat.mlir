// tensor.concat along a static and a dynamic dimension: copies into subviews of a new buffer.
func.func @tensor_concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x?xf32>) -> (tensor<6x3xf32>, tensor<2x?xf32>) {
  %r = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %s = tensor.concat dim(1) %a, %c, %a : (tensor<2x3xf32>, tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<2x?xf32>
  return %r, %s : tensor<6x3xf32>, tensor<2x?xf32>
}
