// Inception-v2's shapes: a 3x3, 224 -> 224 filter (1.8 MB) on a 7x7 output and a 1x1, 576 -> 160
// one (360 KiB) on 14x14, whose channels 64 does not divide; and a 3x3, 64 -> 1000 filter
// (2.2 MB), whose channels neither 64 nor 32 divides (40 does).
func.func @layer(%x: tensor<1x9x9x224xf32>, %w: tensor<3x3x224x224xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %y: tensor<1x14x14x576xf32>, %v: tensor<1x1x576x160xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %z: tensor<1x5x5x64xf32>, %u: tensor<3x3x64x1000xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x7x7x224xf32>, tensor<1x14x14x160xf32>, tensor<1x3x3x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x224xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x224xf32>) -> tensor<1x7x7x224xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x9x9x224xf32>, tensor<3x3x224x224xf32>) outs(%f : tensor<1x7x7x224xf32>) -> tensor<1x7x7x224xf32>
  %e2 = tensor.empty() : tensor<1x14x14x160xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x14x14x160xf32>) -> tensor<1x14x14x160xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%y, %v : tensor<1x14x14x576xf32>, tensor<1x1x576x160xf32>) outs(%f2 : tensor<1x14x14x160xf32>) -> tensor<1x14x14x160xf32>
  %e3 = tensor.empty() : tensor<1x3x3x1000xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x3x3x1000xf32>) -> tensor<1x3x3x1000xf32>
  %g = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%z, %u : tensor<1x5x5x64xf32>, tensor<3x3x64x1000xf32>) outs(%f3 : tensor<1x3x3x1000xf32>) -> tensor<1x3x3x1000xf32>
  return %c, %d, %g : tensor<1x7x7x224xf32>, tensor<1x14x14x160xf32>, tensor<1x3x3x1000xf32>
}
