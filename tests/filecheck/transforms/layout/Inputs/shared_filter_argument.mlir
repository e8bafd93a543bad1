// One filter argument read by two convolutions: permuted once, no transpose.
func.func @shared(%x: tensor<1x3x6x6xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x3x6x6xf32>, tensor<3x3x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %e2 = tensor.empty() : tensor<1x3x2x2xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%c, %w : tensor<1x3x4x4xf32>, tensor<3x3x3x3xf32>) outs(%f2 : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %c2 : tensor<1x3x2x2xf32>
}
