// A 3x3, 64 -> 1004 filter (2.3 MB): no block of 64, 32, 48 or 40 channels divides 1004.
func.func @layer(%z: tensor<1x5x5x64xf32>, %u: tensor<3x3x64x1004xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x3x3x1004xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x1004xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x1004xf32>) -> tensor<1x3x3x1004xf32>
  %g = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%z, %u : tensor<1x5x5x64xf32>, tensor<3x3x64x1004xf32>) outs(%f : tensor<1x3x3x1004xf32>) -> tensor<1x3x3x1004xf32>
  return %g : tensor<1x3x3x1004xf32>
}
