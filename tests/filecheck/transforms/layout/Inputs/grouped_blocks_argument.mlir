// A grouped convolution (2 groups of 96 -> 64 channels, 3x3, stride 1 on 12 x 12) with a filter
// of 432 KiB and a bias argument, as torch-mlir imports ONNX's grouped Conv: over
// xfuse-block-filters' MIN_FILTER_BYTES, so its groups take their filter in blocks.
func.func @grouped_blocks(%x: tensor<1x192x14x14xf32>, %w: tensor<128x96x3x3xf32>, %b: tensor<128xf32>) -> tensor<1x128x12x12xf32> {
  %e = tensor.empty() : tensor<1x128x12x12xf32>
  %bias = linalg.broadcast ins(%b : tensor<128xf32>) outs(%e : tensor<1x128x12x12xf32>) dimensions = [0, 2, 3]
  %x5 = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 96, 14, 14] : tensor<1x192x14x14xf32> into tensor<1x2x96x14x14xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 64, 96, 3, 3] : tensor<128x96x3x3xf32> into tensor<2x64x96x3x3xf32>
  %b5 = tensor.expand_shape %bias [[0], [1, 2], [3], [4]] output_shape [1, 2, 64, 12, 12] : tensor<1x128x12x12xf32> into tensor<1x2x64x12x12xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x5, %w5 : tensor<1x2x96x14x14xf32>, tensor<2x64x96x3x3xf32>) outs(%b5 : tensor<1x2x64x12x12xf32>) -> tensor<1x2x64x12x12xf32>
  %r = tensor.collapse_shape %c [[0], [1, 2], [3], [4]] : tensor<1x2x64x12x12xf32> into tensor<1x128x12x12xf32>
  return %r : tensor<1x128x12x12xf32>
}
