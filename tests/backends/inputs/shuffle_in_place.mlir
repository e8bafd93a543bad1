// Channel shuffles of a grouped 1x1 convolution (2 groups of 8 output channels), as torch-mlir
// and xfuse-nhwc give ShuffleNet's: the groups in an scf.forall, then a reshape round trip and a
// transpose; the shuffled tensor padded for a stride-2 depthwise convolution (as at ShuffleNet's
// first stride-2 unit, where the copy set the peak) (tests/backends/test_shuffle_in_place.py).

// Rewritten: the loop writes the transposed tensor (then, through pads_in_place, the padded
// buffer's interior).
func.func @shuffle(%x: tensor<1x6x6x8xf32>, %w: tensor<1x1x4x16xf32>, %dw: tensor<3x3x16xf32>) -> tensor<1x3x3x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %xg = tensor.expand_shape %x [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 4] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x4xf32>
  %empty = tensor.empty() : tensor<1x6x6x16xf32>
  %init = tensor.expand_shape %empty [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 8] : tensor<1x6x6x16xf32> into tensor<1x6x6x2x8xf32>
  %y = scf.forall (%g) in (2) shared_outs(%o = %init) -> (tensor<1x6x6x2x8xf32>) {
    %c8 = arith.constant 8 : index
    %first = arith.muli %g, %c8 : index
    %in = tensor.extract_slice %xg[0, 0, 0, %g, 0] [1, 6, 6, 1, 4] [1, 1, 1, 1, 1] : tensor<1x6x6x2x4xf32> to tensor<1x6x6x4xf32>
    %wg = tensor.extract_slice %w[0, 0, 0, %first] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x16xf32> to tensor<1x1x4x8xf32>
    %out = tensor.extract_slice %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x2x8xf32> to tensor<1x6x6x8xf32>
    %filled = linalg.fill ins(%zero : f32) outs(%out : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %wg : tensor<1x6x6x4xf32>, tensor<1x1x4x8xf32>) outs(%filled : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv : tensor<1x6x6x8xf32>) outs(%out : tensor<1x6x6x8xf32>) {
    ^bb0(%a: f32, %b: f32):
      %positive = arith.cmpf ugt, %a, %zero : f32
      %r = arith.select %positive, %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<1x6x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %relu into %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x8xf32>
    }
  }
  %flat = tensor.collapse_shape %y [[0], [1], [2], [3, 4]] : tensor<1x6x6x2x8xf32> into tensor<1x6x6x16xf32>
  %groups = tensor.expand_shape %flat [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 8] : tensor<1x6x6x16xf32> into tensor<1x6x6x2x8xf32>
  %t_init = tensor.empty() : tensor<1x6x6x8x2xf32>
  %t = linalg.transpose ins(%groups : tensor<1x6x6x2x8xf32>) outs(%t_init : tensor<1x6x6x8x2xf32>) permutation = [0, 1, 2, 4, 3]
  %shuffled = tensor.collapse_shape %t [[0], [1], [2], [3, 4]] : tensor<1x6x6x8x2xf32> into tensor<1x6x6x16xf32>
  %padded = tensor.pad %shuffled low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x6x6x16xf32> to tensor<1x8x8x16xf32>
  %d_init = tensor.empty() : tensor<1x3x3x16xf32>
  %d_zero = linalg.fill ins(%zero : f32) outs(%d_init : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %dw : tensor<1x8x8x16xf32>, tensor<3x3x16xf32>) outs(%d_zero : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  return %d : tensor<1x3x3x16xf32>
}

// Left alone: the loop's result is read by another op than the shuffle (it is returned too).
func.func @shuffle_and_groups(%x: tensor<1x6x6x8xf32>, %w: tensor<1x1x4x16xf32>) -> (tensor<1x6x6x8x2xf32>, tensor<1x6x6x2x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %xg = tensor.expand_shape %x [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 4] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x4xf32>
  %init = tensor.empty() : tensor<1x6x6x2x8xf32>
  %y = scf.forall (%g) in (2) shared_outs(%o = %init) -> (tensor<1x6x6x2x8xf32>) {
    %c8 = arith.constant 8 : index
    %first = arith.muli %g, %c8 : index
    %in = tensor.extract_slice %xg[0, 0, 0, %g, 0] [1, 6, 6, 1, 4] [1, 1, 1, 1, 1] : tensor<1x6x6x2x4xf32> to tensor<1x6x6x4xf32>
    %wg = tensor.extract_slice %w[0, 0, 0, %first] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x16xf32> to tensor<1x1x4x8xf32>
    %out = tensor.extract_slice %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x2x8xf32> to tensor<1x6x6x8xf32>
    %filled = linalg.fill ins(%zero : f32) outs(%out : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %wg : tensor<1x6x6x4xf32>, tensor<1x1x4x8xf32>) outs(%filled : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %conv into %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x8xf32>
    }
  }
  %t_init = tensor.empty() : tensor<1x6x6x8x2xf32>
  %t = linalg.transpose ins(%y : tensor<1x6x6x2x8xf32>) outs(%t_init : tensor<1x6x6x8x2xf32>) permutation = [0, 1, 2, 4, 3]
  return %t, %y : tensor<1x6x6x8x2xf32>, tensor<1x6x6x2x8xf32>
}

// Left alone: the transpose swaps the rows and the columns of each group's tile, which would
// need the tile itself transposed.
func.func @transpose_within_tile(%x: tensor<1x6x6x8xf32>, %w: tensor<1x1x4x16xf32>) -> tensor<1x6x6x8x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %xg = tensor.expand_shape %x [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 4] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x4xf32>
  %init = tensor.empty() : tensor<1x6x6x2x8xf32>
  %y = scf.forall (%g) in (2) shared_outs(%o = %init) -> (tensor<1x6x6x2x8xf32>) {
    %c8 = arith.constant 8 : index
    %first = arith.muli %g, %c8 : index
    %in = tensor.extract_slice %xg[0, 0, 0, %g, 0] [1, 6, 6, 1, 4] [1, 1, 1, 1, 1] : tensor<1x6x6x2x4xf32> to tensor<1x6x6x4xf32>
    %wg = tensor.extract_slice %w[0, 0, 0, %first] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x16xf32> to tensor<1x1x4x8xf32>
    %out = tensor.extract_slice %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x2x8xf32> to tensor<1x6x6x8xf32>
    %filled = linalg.fill ins(%zero : f32) outs(%out : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %wg : tensor<1x6x6x4xf32>, tensor<1x1x4x8xf32>) outs(%filled : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %conv into %o[0, 0, 0, %g, 0] [1, 6, 6, 1, 8] [1, 1, 1, 1, 1] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x8xf32>
    }
  }
  %t_init = tensor.empty() : tensor<1x6x6x8x2xf32>
  %t = linalg.transpose ins(%y : tensor<1x6x6x2x8xf32>) outs(%t_init : tensor<1x6x6x8x2xf32>) permutation = [0, 2, 1, 4, 3]
  return %t : tensor<1x6x6x8x2xf32>
}

// Left alone: a channel split's tiles (1x1x1x40) transposed NHWC -> NCHW, as DenseNet's
// classifier: the permuted slice [1, 40, 1, 1] is not its tile with unit dimensions dropped.
func.func @nhwc_to_nchw(%x: tensor<1x1x1x16xf32>) -> tensor<1x80x1x1xf32> {
  %init = tensor.empty() : tensor<1x1x1x80xf32>
  %y = scf.forall (%b) in (2) shared_outs(%o = %init) -> (tensor<1x1x1x80xf32>) {
    %c40 = arith.constant 40 : index
    %first = arith.muli %b, %c40 : index
    %out = tensor.extract_slice %o[0, 0, 0, %first] [1, 1, 1, 40] [1, 1, 1, 1] : tensor<1x1x1x80xf32> to tensor<1x1x1x40xf32>
    %tile = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%out : tensor<1x1x1x40xf32>) {
    ^bb0(%o_element: f32):
      %i = linalg.index 3 : index
      %j = arith.addi %i, %first : index
      %k = arith.index_cast %j : index to i32
      %v = arith.sitofp %k : i32 to f32
      linalg.yield %v : f32
    } -> tensor<1x1x1x40xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %o[0, 0, 0, %first] [1, 1, 1, 40] [1, 1, 1, 1] : tensor<1x1x1x40xf32> into tensor<1x1x1x80xf32>
    }
  }
  %t_init = tensor.empty() : tensor<1x80x1x1xf32>
  %t = linalg.transpose ins(%y : tensor<1x1x1x80xf32>) outs(%t_init : tensor<1x80x1x1xf32>) permutation = [0, 3, 1, 2]
  return %t : tensor<1x80x1x1xf32>
}
