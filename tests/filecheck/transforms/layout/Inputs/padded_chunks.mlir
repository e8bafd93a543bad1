// Padded inputs over L2 and row chunks. @peak: ResNet-50's 3x3 64 -> 64 (a 36 KiB filter whose
// rows thrash L1, blocked one tile wide) on the zero pad of a ReLU, 58 x 58 x 64 (861 KiB): the
// largest pad of its function, which the backend's conv_borders removes (the convolution then
// reads the ReLU unpadded). @two_pads: the same, and a 3x3 128 -> 128 (576 KiB filter) on a
// smaller pad, 30 x 30 x 128 (450 KiB, over L2 with its panel).
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @peak(%x: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<1x56x56x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%x : tensor<1x56x56x64xf32>) outs(%er : tensor<1x56x56x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x56x56x64xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x56x56x64xf32> to tensor<1x58x58x64xf32>
  %e = tensor.empty() : tensor<1x56x56x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%p, %w : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>) outs(%f : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %c : tensor<1x56x56x64xf32>
}

func.func @two_pads(%x: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                    %y: tensor<1x28x28x128xf32>, %v: tensor<3x3x128x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x56x56x64xf32>, tensor<1x28x28x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x56x56x64xf32> to tensor<1x58x58x64xf32>
  %e = tensor.empty() : tensor<1x56x56x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%p, %w : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>) outs(%f : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %q = tensor.pad %y low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x28x28x128xf32> to tensor<1x30x30x128xf32>
  %e2 = tensor.empty() : tensor<1x28x28x128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x28x28x128xf32>) -> tensor<1x28x28x128xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%q, %v : tensor<1x30x30x128xf32>, tensor<3x3x128x128xf32>) outs(%f2 : tensor<1x28x28x128xf32>) -> tensor<1x28x28x128xf32>
  return %c, %d : tensor<1x56x56x64xf32>, tensor<1x28x28x128xf32>
}
