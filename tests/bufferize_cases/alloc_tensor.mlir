// bufferization.alloc_tensor, empty and with copy (a new buffer + a copy of the argument).
func.func @alloc_tensor(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %x = bufferization.alloc_tensor() copy(%a) : tensor<4x4xf32>
  %y = tensor.insert %one into %x[%c0, %c0] : tensor<4x4xf32>
  %e = bufferization.alloc_tensor() : tensor<4x4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y, %f : tensor<4x4xf32>, tensor<4x4xf32>
}
