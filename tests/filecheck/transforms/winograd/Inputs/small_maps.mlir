// Three 3x3 stride-1 convolutions on 14 x 14 maps, from bias broadcasts, a ReLU after each: 256 ->
// 256 (ResNet-50's stage 4), 192 -> 256 and 128 -> 160 (Inception-v2's).
func.func @layer(%x: tensor<1x16x16x256xf32>,
                 %w: tensor<3x3x256x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<256xf32> {xfuse.weight},
                 %y: tensor<1x16x16x192xf32>,
                 %v: tensor<3x3x192x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %z: tensor<1x16x16x128xf32>,
                 %t: tensor<3x3x128x160xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %c: tensor<160xf32> {xfuse.weight})
    -> (tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>, tensor<1x14x14x160xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<1x14x14x256xf32>) dimensions = [0, 1, 2]
  %o = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x16x16x256xf32>, tensor<3x3x256x256xf32>) outs(%bb : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %e2 = tensor.empty() : tensor<1x14x14x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%o : tensor<1x14x14x256xf32>) outs(%e2 : tensor<1x14x14x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %relu = arith.maximumf %in, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<1x14x14x256xf32>
  %e3 = tensor.empty() : tensor<1x14x14x256xf32>
  %bb3 = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e3 : tensor<1x14x14x256xf32>) dimensions = [0, 1, 2]
  %p = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%y, %v : tensor<1x16x16x192xf32>, tensor<3x3x192x256xf32>) outs(%bb3 : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %e4 = tensor.empty() : tensor<1x14x14x160xf32>
  %bb4 = linalg.broadcast ins(%c : tensor<160xf32>) outs(%e4 : tensor<1x14x14x160xf32>) dimensions = [0, 1, 2]
  %q = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%z, %t : tensor<1x16x16x128xf32>, tensor<3x3x128x160xf32>) outs(%bb4 : tensor<1x14x14x160xf32>) -> tensor<1x14x14x160xf32>
  func.return %r, %p, %q : tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>, tensor<1x14x14x160xf32>
}
