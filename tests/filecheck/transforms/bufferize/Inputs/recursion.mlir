func.func @rec(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @rec(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
