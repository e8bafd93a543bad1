// A grouped convolution (2 groups, 3x3, stride 2) whose filter is an argument, as torch-mlir
// imports ONNX's grouped Conv: the F x C/G x KH x KW weight split to G x F/G x C/G x KH x KW.
func.func @grouped(%x: tensor<1x4x7x7xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  %x5 = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 7, 7] : tensor<1x4x7x7xf32> into tensor<1x2x2x7x7xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %f5 = tensor.expand_shape %f [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 3, 3] : tensor<1x6x3x3xf32> into tensor<1x2x3x3x3xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
         ins(%x5, %w5 : tensor<1x2x2x7x7xf32>, tensor<2x3x2x3x3xf32>) outs(%f5 : tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32>
  %r = tensor.collapse_shape %c [[0], [1, 2], [3], [4]] : tensor<1x2x3x3x3xf32> into tensor<1x6x3x3xf32>
  return %r : tensor<1x6x3x3xf32>
}
