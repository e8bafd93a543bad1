// ResNet-50's stride-2 3x3 256 -> 256 (n81, 28 x 28 -> 14 x 14): @layer reads its input (29 x 29
// x 256, 841 KiB) as an argument, with the bias broadcast and a ReLU after it; @pad_peak reads
// the zero pad of that input, the largest pad of its function (conv_borders may remove it).
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @layer(%x: tensor<1x29x29x256xf32>, %w: tensor<3x3x256x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<256xf32> {xfuse.weight}) -> tensor<1x14x14x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %init = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<1x14x14x256xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<1x29x29x256xf32>, tensor<3x3x256x256xf32>) outs(%init : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%c : tensor<1x14x14x256xf32>) outs(%e : tensor<1x14x14x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x256xf32>
  return %relu : tensor<1x14x14x256xf32>
}

func.func @pad_peak(%x: tensor<1x28x28x256xf32>, %w: tensor<3x3x256x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x14x14x256xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x28x28x256xf32> to tensor<1x30x30x256xf32>
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%p, %w : tensor<1x30x30x256xf32>, tensor<3x3x256x256xf32>) outs(%f : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  return %c : tensor<1x14x14x256xf32>
}
