// Zero-padded convolutions (tests/backends/test_conv_borders.py).

// Rewritten: a 3x3 stride-1 convolution with a bias and a ReLU after it, its input made by a
// 1x1 convolution (VGG's, ResNet's stage 1): 9 pieces, each with the ReLU on its slice.
func.func @conv_relu(%x: tensor<1x10x12x8xf32>, %w1: tensor<1x1x8x16xf32>, %w: tensor<3x3x16x16xf32>, %b: tensor<16xf32>) -> tensor<1x10x12x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<1x10x12x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x10x12x16xf32>) -> tensor<1x10x12x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1 : tensor<1x10x12x8xf32>, tensor<1x1x8x16xf32>) outs(%f1 : tensor<1x10x12x16xf32>) -> tensor<1x10x12x16xf32>
  %p = tensor.pad %y low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x10x12x16xf32> to tensor<1x12x14x16xf32>
  %e = tensor.empty() : tensor<1x10x12x16xf32>
  %bias = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<1x10x12x16xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x12x14x16xf32>, tensor<3x3x16x16xf32>) outs(%bias : tensor<1x10x12x16xf32>) -> tensor<1x10x12x16xf32>
  %e2 = tensor.empty() : tensor<1x10x12x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x10x12x16xf32>) outs(%e2 : tensor<1x10x12x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x10x12x16xf32>
  return %r : tensor<1x10x12x16xf32>
}

// Rewritten: a 3x3 stride-2 convolution on an even size (ResNet-50's first stride-2 block): the
// bottom and right pads are never read, so 4 pieces; its input is also read by a residual
// shortcut (a 1x1 stride-2 convolution).
func.func @stride_two(%x: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>, %ws: tensor<1x1x16x32xf32>) -> tensor<1x4x4x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %e = tensor.empty() : tensor<1x4x4x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>) outs(%f : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %e3 = tensor.empty() : tensor<1x4x4x32xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %s = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %ws : tensor<1x8x8x16xf32>, tensor<1x1x16x32xf32>) outs(%f3 : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %e2 = tensor.empty() : tensor<1x4x4x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s : tensor<1x4x4x32xf32>, tensor<1x4x4x32xf32>) outs(%e2 : tensor<1x4x4x32xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %a = arith.addf %in, %in2 : f32
    linalg.yield %a : f32
  } -> tensor<1x4x4x32xf32>
  return %r : tensor<1x4x4x32xf32>
}

// Rewritten: a depthwise 5x5 convolution padded by 2 (EfficientNet's), stride 1.
func.func @depthwise(%x: tensor<1x9x9x24xf32>, %w: tensor<5x5x24xf32>) -> tensor<1x9x9x24xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x9x9x24xf32> to tensor<1x13x13x24xf32>
  %e = tensor.empty() : tensor<1x9x9x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x9x9x24xf32>) -> tensor<1x9x9x24xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x13x13x24xf32>, tensor<5x5x24xf32>) outs(%f : tensor<1x9x9x24xf32>) -> tensor<1x9x9x24xf32>
  return %c : tensor<1x9x9x24xf32>
}

// Rewritten: a stride-2 depthwise convolution with a bias and a ReLU after it, at the top level
// (MobileNet-v3's first stride-2 one): the ReLU stays on the whole result.
func.func @depthwise_relu(%x: tensor<1x32x32x16xf32>, %w: tensor<3x3x16xf32>, %b: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x32x32x16xf32> to tensor<1x34x34x16xf32>
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %bias = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<1x16x16x16xf32>) dimensions = [0, 1, 2]
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x34x34x16xf32>, tensor<3x3x16xf32>) outs(%bias : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %e2 = tensor.empty() : tensor<1x16x16x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x16x16x16xf32>) outs(%e2 : tensor<1x16x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}

// Rewritten: a grouped convolution as grouped_convs.py makes it (RegNet-Y's), a loop over the
// groups each reading its channels of an expand_shape of the pad; stride 2 on an even size.
func.func @grouped(%x: tensor<1x10x10x16xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x5x5x2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x10x10x16xf32> to tensor<1x12x12x16xf32>
  %g = tensor.expand_shape %p [[0], [1], [2], [3, 4]] output_shape [1, 12, 12, 2, 8] : tensor<1x12x12x16xf32> into tensor<1x12x12x2x8xf32>
  %e = tensor.empty() : tensor<1x5x5x2x8xf32>
  %r = scf.forall (%group) in (2) shared_outs(%out = %e) -> (tensor<1x5x5x2x8xf32>) {
    %c8 = arith.constant 8 : index
    %first = arith.muli %group, %c8 : index
    %in = tensor.extract_slice %g[0, 0, 0, %group, 0] [1, 12, 12, 1, 8] [1, 1, 1, 1, 1] : tensor<1x12x12x2x8xf32> to tensor<1x12x12x8xf32>
    %wg = tensor.extract_slice %w[0, 0, 0, %first] [3, 3, 8, 8] [1, 1, 1, 1] : tensor<3x3x8x16xf32> to tensor<3x3x8x8xf32>
    %o = tensor.extract_slice %out[0, 0, 0, %group, 0] [1, 5, 5, 1, 8] [1, 1, 1, 1, 1] : tensor<1x5x5x2x8xf32> to tensor<1x5x5x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%o : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%in, %wg : tensor<1x12x12x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %out[0, 0, 0, %group, 0] [1, 5, 5, 1, 8] [1, 1, 1, 1, 1] : tensor<1x5x5x8xf32> into tensor<1x5x5x2x8xf32>
    }
  }
  return %r : tensor<1x5x5x2x8xf32>
}

// Left alone: padded with 1, not 0 (the border products would count).
func.func @nonzero_pad(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x8xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}

// Left alone: the padded tensor is read by another op too.
func.func @pad_read_twice(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x8x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x10x10x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x8xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %c, %p : tensor<1x8x8x8xf32>, tensor<1x10x10x8xf32>
}

// Left alone: the result is a piece of a concatenation (DenseNet's dense layers), which
// eliminate-empty-tensors computes in the concatenation's buffer.
func.func @concat_piece(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x8x8xf32>, %y: tensor<1x8x8x4xf32>) -> tensor<1x8x8x12xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x8xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tensor.concat dim(3) %y, %c : (tensor<1x8x8x4xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x12xf32>
  return %r : tensor<1x8x8x12xf32>
}

// A SiLU computes the input (a linalg op the pieces read slices of); 18 output columns at stride 2,
// the first clipped, 17 inside: no register tile divides 17, so the interior is cut where the tile splits it.
func.func @silu_stride_two(%x: tensor<1x6x36x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<1x3x18x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x6x36x16xf32>
  %s0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x6x36x16xf32>) outs(%e0 : tensor<1x6x36x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %x1 = math.exp %n : f32
    %a = arith.addf %x1, %one : f32
    %d = arith.divf %one, %a : f32
    %m = arith.mulf %in, %d : f32
    linalg.yield %m : f32
  } -> tensor<1x6x36x16xf32>
  %p = tensor.pad %s0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x6x36x16xf32> to tensor<1x8x38x16xf32>
  %e = tensor.empty() : tensor<1x3x18x32xf32>
  %bb = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<1x3x18x32xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x8x38x16xf32>, tensor<3x3x16x32xf32>) outs(%bb : tensor<1x3x18x32xf32>) -> tensor<1x3x18x32xf32>
  return %c : tensor<1x3x18x32xf32>
}
