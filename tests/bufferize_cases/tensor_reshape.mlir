// tensor.reshape to a static shape: memref.reinterpret_cast of the argument, no copy.
func.func @tensor_reshape(%a: tensor<4x6xf32>) -> tensor<3x8xf32> {
  %shape = arith.constant dense<[3, 8]> : tensor<2xi64>
  %r = tensor.reshape %a(%shape) : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<3x8xf32>
  %e = tensor.empty() : tensor<3x8xf32>
  %s = linalg.add ins(%r, %r : tensor<3x8xf32>, tensor<3x8xf32>) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
  return %s : tensor<3x8xf32>
}
