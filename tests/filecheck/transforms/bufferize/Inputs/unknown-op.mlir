func.func @unknown(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = "test.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
