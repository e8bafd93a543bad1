// materialize_in_destination of an argument into a filled tensor: one copy.
func.func @materialize_argument(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %d0 = tensor.empty() : tensor<8x8xf32>
  %dest = linalg.fill ins(%zero : f32) outs(%d0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = bufferization.materialize_in_destination %a in %dest : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m : tensor<8x8xf32>
}
