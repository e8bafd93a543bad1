// linalg.copy, linalg.transpose, linalg.broadcast, linalg.reduce on tensors.
func.func @linalg_named_ops(%a: tensor<4x6xf32>, %v: tensor<6xf32>) -> (tensor<4x6xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<4x6xf32>
  %c = linalg.copy ins(%a : tensor<4x6xf32>) outs(%e0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %e1 = tensor.empty() : tensor<6x4xf32>
  %t = linalg.transpose ins(%a : tensor<4x6xf32>) outs(%e1 : tensor<6x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<4x6xf32>
  %b = linalg.broadcast ins(%v : tensor<6xf32>) outs(%e2 : tensor<4x6xf32>) dimensions = [0]
  %e3 = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x6xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %c, %t, %b, %r : tensor<4x6xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<4xf32>
}
