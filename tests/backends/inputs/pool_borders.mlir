// Poolings of padded inputs (tests/backends/test_pool_borders.py).

// Rewritten: a 3x3 stride-2 max pooling padded with the value its accumulator starts at
// (Inception-v2's and ResNet-50's first pooling); an odd size, so both ends are clipped.
func.func @max_pool(%x: tensor<1x9x9x8xf32>) -> tensor<1x5x5x8xf32> {
  %lowest = arith.constant -3.40282347E+38 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %lowest : f32
  } : tensor<1x9x9x8xf32> to tensor<1x11x11x8xf32>
  %e = tensor.empty() : tensor<1x5x5x8xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x11x11x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  return %r : tensor<1x5x5x8xf32>
}

// Rewritten: a sum pooling (an average pooling's numerator) padded with zeros, uneven padding,
// stride 1.
func.func @sum_pool(%x: tensor<1x6x7x8xf32>) -> tensor<1x6x6x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x6x7x8xf32> to tensor<1x8x8x8xf32>
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x8x8x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  return %r : tensor<1x6x6x8xf32>
}

// Rewritten: a ceil-mode max pooling as torch-mlir gives it, padded at the end only with
// truncf(-DBL_MAX) (-inf in f32) and started at -inf (Inception-v2's first pooling).
func.func @ceil_mode_max_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x4x4x8xf32> {
  %minus_inf = arith.constant 0xff800000 : f32
  %lowest_f64 = arith.constant -1.7976931348623157e+308 : f64
  %pad_value = arith.truncf %lowest_f64 : f64 to f32
  %p = tensor.pad %x low[0, 0, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pad_value : f32
  } : tensor<1x8x8x8xf32> to tensor<1x9x9x8xf32>
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %f = linalg.fill ins(%minus_inf : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x9x9x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// Left alone: a max pooling padded with 0 while its accumulator starts at the lowest float (the
// pad can win over negative inputs).
func.func @max_pool_zero_pad(%x: tensor<1x9x9x8xf32>) -> tensor<1x5x5x8xf32> {
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x9x9x8xf32> to tensor<1x11x11x8xf32>
  %e = tensor.empty() : tensor<1x5x5x8xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x11x11x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  return %r : tensor<1x5x5x8xf32>
}

// Left alone: the padded tensor is read by another op too.
func.func @pad_read_twice(%x: tensor<1x9x9x8xf32>) -> (tensor<1x5x5x8xf32>, tensor<1x11x11x8xf32>) {
  %lowest = arith.constant -3.40282347E+38 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %lowest : f32
  } : tensor<1x9x9x8xf32> to tensor<1x11x11x8xf32>
  %e = tensor.empty() : tensor<1x5x5x8xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x11x11x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  return %r, %p : tensor<1x5x5x8xf32>, tensor<1x11x11x8xf32>
}
