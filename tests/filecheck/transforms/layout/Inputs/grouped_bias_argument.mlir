// A grouped convolution (2 groups, 3x3, stride 2) with a filter and a bias argument, as
// torch-mlir imports ONNX's grouped Conv with a bias: the bias broadcast over the NCHW result,
// split into groups with the result.
func.func @grouped_bias(%x: tensor<1x4x7x7xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x3x3xf32> {
  %e = tensor.empty() : tensor<1x6x3x3xf32>
  %bias = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<1x6x3x3xf32>) dimensions = [0, 2, 3]
  %x5 = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 7, 7] : tensor<1x4x7x7xf32> into tensor<1x2x2x7x7xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %b5 = tensor.expand_shape %bias [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 3, 3] : tensor<1x6x3x3xf32> into tensor<1x2x3x3x3xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
         ins(%x5, %w5 : tensor<1x2x2x7x7xf32>, tensor<2x3x2x3x3xf32>) outs(%b5 : tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32>
  %r = tensor.collapse_shape %c [[0], [1, 2], [3], [4]] : tensor<1x2x3x3x3xf32> into tensor<1x6x3x3xf32>
  return %r : tensor<1x6x3x3xf32>
}
