// A 3x3, 256 -> 128 filter (1.2 MB) on a larger 42x42x256 input (1.8 MB), as VGG-19's 56x56
// layers have them: blocked too (in HWCF such layers ran at half the speed).
func.func @layer(%x: tensor<1x42x42x256xf32>, %w: tensor<3x3x256x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x40x40x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x40x40x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x40x40x128xf32>) -> tensor<1x40x40x128xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x42x42x256xf32>, tensor<3x3x256x128xf32>) outs(%f : tensor<1x40x40x128xf32>) -> tensor<1x40x40x128xf32>
  return %c : tensor<1x40x40x128xf32>
}
