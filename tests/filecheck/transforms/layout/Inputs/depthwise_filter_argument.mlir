// A depthwise filter argument as torch-mlir passes ONNX's grouped weight (C x 1 x KH x KW),
// collapsed to CHW for the convolution.
func.func @depthwise(%x: tensor<1x4x6x6xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %chw = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %chw : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %d : tensor<1x4x4x4xf32>
}
