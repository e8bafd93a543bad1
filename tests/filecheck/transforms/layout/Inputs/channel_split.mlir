// YOLOv8's C2f split, as torch-mlir writes it: a convolution's NCHW result cut in two along the
// channels (`Split` on axis 1), each half read by a convolution, both concatenated.
func.func @c2f_split(%x: tensor<1x4x6x6xf32>, %w: tensor<8x4x1x1xf32>, %w1: tensor<4x4x1x1xf32>, %w2: tensor<4x4x1x1xf32>) -> tensor<1x8x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e8 = tensor.empty() : tensor<1x8x6x6xf32>
  %f8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf32>, tensor<8x4x1x1xf32>) outs(%f8 : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %lo = tensor.extract_slice %y[0, 0, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<1x8x6x6xf32> to tensor<1x4x6x6xf32>
  %hi = tensor.extract_slice %y[0, 4, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<1x8x6x6xf32> to tensor<1x4x6x6xf32>
  %e4 = tensor.empty() : tensor<1x4x6x6xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%lo, %w1 : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f4 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%hi, %w2 : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f4 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = tensor.concat dim(1) %a, %b : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x8x6x6xf32>
  return %c : tensor<1x8x6x6xf32>
}
