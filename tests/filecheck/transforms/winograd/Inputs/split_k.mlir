// Two 3x3 stride-1 convolutions on 14 x 14 maps: 256 -> 256 (ResNet-50's stage 4) with a bias
// broadcast, a residual add and a ReLU after it, and 128 -> 160 (Inception-v2's) from a zero
// fill. At two threads with `THREADS_FILTER_CHARGE` = "split_k" each is one block of its 7 tile
// rows over two halves of K.
func.func @layer(%x: tensor<1x16x16x256xf32>, %r: tensor<1x14x14x256xf32>,
                 %w: tensor<3x3x256x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<256xf32> {xfuse.weight},
                 %z: tensor<1x16x16x128xf32>,
                 %t: tensor<3x3x128x160xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x14x14x256xf32>, tensor<1x14x14x160xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<1x14x14x256xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x16x16x256xf32>, tensor<3x3x256x256xf32>) outs(%bb : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %e2 = tensor.empty() : tensor<1x14x14x256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%c, %r : tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>) outs(%e2 : tensor<1x14x14x256xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %sum = arith.addf %in, %in2 : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<1x14x14x256xf32>
  %e3 = tensor.empty() : tensor<1x14x14x160xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x14x14x160xf32>) -> tensor<1x14x14x160xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%z, %t : tensor<1x16x16x128xf32>, tensor<3x3x128x160xf32>) outs(%f : tensor<1x14x14x160xf32>) -> tensor<1x14x14x160xf32>
  func.return %s, %d : tensor<1x14x14x256xf32>, tensor<1x14x14x160xf32>
}
