// NHWC convolutions as xfuse-nhwc leaves them, their filters HWCF weight arguments: a 3x3,
// 128 -> 256 filter (1.2 MB) on a 5x5 input (12.8 KB), and a small 3x3, 8 -> 128 one (36 KB).
func.func @layer(%x: tensor<1x5x5x128xf32>, %w: tensor<3x3x128x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %y: tensor<1x5x5x8xf32>, %v: tensor<3x3x8x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x3x3x256xf32>, tensor<1x3x3x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x256xf32>) -> tensor<1x3x3x256xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x5x5x128xf32>, tensor<3x3x128x256xf32>) outs(%f : tensor<1x3x3x256xf32>) -> tensor<1x3x3x256xf32>
  %e2 = tensor.empty() : tensor<1x3x3x128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x3x3x128xf32>) -> tensor<1x3x3x128xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%y, %v : tensor<1x5x5x8xf32>, tensor<3x3x8x128xf32>) outs(%f2 : tensor<1x3x3x128xf32>) -> tensor<1x3x3x128xf32>
  return %c, %d : tensor<1x3x3x256xf32>, tensor<1x3x3x128xf32>
}
