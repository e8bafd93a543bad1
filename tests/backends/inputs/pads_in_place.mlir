// Pads whose source a linalg op can write into the padded buffer's interior
// (xfuse/backends/in_place/pads_in_place.py), and pads it must leave alone. NHWC, f32.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A ReLU padded with zeros for a 3x3 convolution.
func.func @relu_pad_conv(%x: tensor<1x10x12x16xf32>, %w: tensor<3x3x16x32xf32>) -> tensor<1x10x12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x12x16xf32>
  %relu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x10x12x16xf32>) outs(%e : tensor<1x10x12x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %c, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x10x12x16xf32>
  %padded = tensor.pad %relu low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x10x12x16xf32> to tensor<1x12x14x16xf32>
  %oe = tensor.empty() : tensor<1x10x12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x10x12x32xf32>) -> tensor<1x10x12x32xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<1x12x14x16xf32>, tensor<3x3x16x32xf32>) outs(%acc : tensor<1x10x12x32xf32>) -> tensor<1x10x12x32xf32>
  return %conv : tensor<1x10x12x32xf32>
}

// A max pooling padded with -inf for a second one: the first pooling's init is a fill, so the
// chain written into the interior is fill then pooling. Asymmetric padding, odd sizes.
func.func @pool_pad_pool(%x: tensor<1x11x9x8xf32>) -> tensor<1x5x4x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %e1 = tensor.empty() : tensor<1x9x7x8xf32>
  %init1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x9x7x8xf32>) -> tensor<1x9x7x8xf32>
  %p1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %window : tensor<1x11x9x8xf32>, tensor<3x3xf32>) outs(%init1 : tensor<1x9x7x8xf32>) -> tensor<1x9x7x8xf32>
  %padded = tensor.pad %p1 low[0, 0, 1, 0] high[0, 2, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x9x7x8xf32> to tensor<1x11x9x8xf32>
  %e2 = tensor.empty() : tensor<1x5x4x8xf32>
  %init2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<1x5x4x8xf32>) -> tensor<1x5x4x8xf32>
  %p2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%padded, %window : tensor<1x11x9x8xf32>, tensor<3x3xf32>) outs(%init2 : tensor<1x5x4x8xf32>) -> tensor<1x5x4x8xf32>
  return %p2 : tensor<1x5x4x8xf32>
}

// A channel shuffle (ShuffleNet: a transpose of 4 x 6 channel groups, collapsed) padded for a
// depthwise convolution, and read by a 1x1 convolution too.
func.func @shuffle_pad_depthwise(%x: tensor<1x8x8x4x6xf32>, %dw: tensor<3x3x24xf32>, %w: tensor<1x1x24x16xf32>)
    -> (tensor<1x8x8x24xf32>, tensor<1x8x8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x6x4xf32>
  %t = linalg.transpose ins(%x : tensor<1x8x8x4x6xf32>) outs(%e : tensor<1x8x8x6x4xf32>) permutation = [0, 1, 2, 4, 3]
  %shuffled = tensor.collapse_shape %t [[0], [1], [2], [3, 4]] : tensor<1x8x8x6x4xf32> into tensor<1x8x8x24xf32>
  %padded = tensor.pad %shuffled low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x24xf32> to tensor<1x10x10x24xf32>
  %de = tensor.empty() : tensor<1x8x8x24xf32>
  %dacc = linalg.fill ins(%zero : f32) outs(%de : tensor<1x8x8x24xf32>) -> tensor<1x8x8x24xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %dw : tensor<1x10x10x24xf32>, tensor<3x3x24xf32>) outs(%dacc : tensor<1x8x8x24xf32>) -> tensor<1x8x8x24xf32>
  %ce = tensor.empty() : tensor<1x8x8x16xf32>
  %cacc = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%shuffled, %w : tensor<1x8x8x24xf32>, tensor<1x1x24x16xf32>) outs(%cacc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %d, %c : tensor<1x8x8x24xf32>, tensor<1x8x8x16xf32>
}

// Left alone: a padded argument, and a producer writing into an argument (not a fresh tensor).
func.func @not_in_place(%x: tensor<1x6x6x8xf32>, %y: tensor<1x6x6x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %pa = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x6x6x8xf32> to tensor<1x8x8x8xf32>
  %add = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x6x6x8xf32>) outs(%y : tensor<1x6x6x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<1x6x6x8xf32>
  %pb = tensor.pad %add low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x6x6x8xf32> to tensor<1x8x8x8xf32>
  return %pa, %pb : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

// An Inception module's end: two branches (a 1x1 convolution with its ReLU, a max pooling)
// concatenated along the channels; the concatenation is read by a 1x1 convolution and,
// padded, by a 3x3 max pooling (stride 1). The padded buffer is built where the concatenation
// was; the 1x1 convolution reads its interior.
func.func @concat_pad_pool(%x: tensor<1x6x7x8xf32>, %w: tensor<1x1x8x16xf32>, %v: tensor<1x1x24x16xf32>)
    -> (tensor<1x6x7x16xf32>, tensor<1x6x7x24xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e16 = tensor.empty() : tensor<1x6x7x16xf32>
  %f16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<1x6x7x16xf32>) -> tensor<1x6x7x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x7x8xf32>, tensor<1x1x8x16xf32>) outs(%f16 : tensor<1x6x7x16xf32>) -> tensor<1x6x7x16xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%c : tensor<1x6x7x16xf32>) outs(%e16 : tensor<1x6x7x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x7x16xf32>
  %xp = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x6x7x8xf32> to tensor<1x8x9x8xf32>
  %e8 = tensor.empty() : tensor<1x6x7x8xf32>
  %f8 = linalg.fill ins(%ninf : f32) outs(%e8 : tensor<1x6x7x8xf32>) -> tensor<1x6x7x8xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xp, %window : tensor<1x8x9x8xf32>, tensor<3x3xf32>) outs(%f8 : tensor<1x6x7x8xf32>) -> tensor<1x6x7x8xf32>
  %cat = tensor.concat dim(3) %relu, %pool : (tensor<1x6x7x16xf32>, tensor<1x6x7x8xf32>) -> tensor<1x6x7x24xf32>
  %f16b = linalg.fill ins(%zero : f32) outs(%e16 : tensor<1x6x7x16xf32>) -> tensor<1x6x7x16xf32>
  %next = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%cat, %v : tensor<1x6x7x24xf32>, tensor<1x1x24x16xf32>) outs(%f16b : tensor<1x6x7x16xf32>) -> tensor<1x6x7x16xf32>
  %catp = tensor.pad %cat low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x6x7x24xf32> to tensor<1x8x9x24xf32>
  %e24 = tensor.empty() : tensor<1x6x7x24xf32>
  %f24 = linalg.fill ins(%ninf : f32) outs(%e24 : tensor<1x6x7x24xf32>) -> tensor<1x6x7x24xf32>
  %pool2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%catp, %window : tensor<1x8x9x24xf32>, tensor<3x3xf32>) outs(%f24 : tensor<1x6x7x24xf32>) -> tensor<1x6x7x24xf32>
  return %next, %pool2 : tensor<1x6x7x16xf32>, tensor<1x6x7x24xf32>
}
