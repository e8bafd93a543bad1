// vector.transfer_read from a tensor argument, transfer_write into a filled tensor (in place).
func.func @vector_transfer(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.000000e+00 : f32
  %v = vector.transfer_read %a[%c2, %c0], %pad {in_bounds = [true, true]} : tensor<4x8xf32>, vector<2x8xf32>
  %w = arith.addf %v, %v : vector<2x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%pad : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = vector.transfer_write %w, %f[%c0, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
