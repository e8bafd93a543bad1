// Strided poolings of an input read twice (tests/backends/test_early_poolings.py).

// Moved: a ShuffleNet stride-2 unit's shortcut, a zero-padded 3x3 stride-2 sum pooling of the
// unit's input (a ReLU's result) that comes after the branch (two 1x1 convolutions at full size).
func.func @shortcut_last(%a: tensor<1x16x16x8xf32>, %w1: tensor<1x1x8x32xf32>, %w2: tensor<1x1x32x8xf32>) -> (tensor<1x16x16x8xf32>, tensor<1x8x8x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x16x16x8xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<1x16x16x8xf32>) outs(%e0 : tensor<1x16x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x8xf32>
  %e1 = tensor.empty() : tensor<1x16x16x32xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %b1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1 : tensor<1x16x16x8xf32>, tensor<1x1x8x32xf32>) outs(%f1 : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %e2 = tensor.empty() : tensor<1x16x16x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %b2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%b1, %w2 : tensor<1x16x16x32xf32>, tensor<1x1x32x8xf32>) outs(%f2 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x16x16x8xf32> to tensor<1x18x18x8xf32>
  %e3 = tensor.empty() : tensor<1x8x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x18x18x8xf32>, tensor<3x3xf32>) outs(%f3 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %b2, %s : tensor<1x16x16x8xf32>, tensor<1x8x8x8xf32>
}

// Left alone: a pooling whose input nothing else reads (another convolution comes between), and
// one whose result is not smaller.
func.func @only_reader(%x: tensor<1x16x16x8xf32>, %w1: tensor<1x1x8x8xf32>) -> (tensor<1x16x16x8xf32>, tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<1x16x16x8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1 : tensor<1x16x16x8xf32>, tensor<1x1x8x8xf32>) outs(%f1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %e2 = tensor.empty() : tensor<1x16x16x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %z = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1 : tensor<1x16x16x8xf32>, tensor<1x1x8x8xf32>) outs(%f2 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %e3 = tensor.empty() : tensor<1x8x8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %s = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%y, %w : tensor<1x16x16x8xf32>, tensor<2x2xf32>) outs(%f3 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %e4 = tensor.empty() : tensor<1x16x16x8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %w1x1 = tensor.empty() : tensor<1x1xf32>
  %t = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1x1 : tensor<1x16x16x8xf32>, tensor<1x1xf32>) outs(%f4 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  return %z, %s, %t : tensor<1x16x16x8xf32>, tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>
}
