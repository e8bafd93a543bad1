// Filters the caller passes on every call (`{xfuse.input}`: xfuse.onnx's run-time inputs, as
// ONNX's conformance Conv cases and networks exported with weights as inputs have them): a
// convolution and a depthwise convolution (torch-mlir's C x 1 x KH x KW collapsed to CHW).
func.func @input_filters(%x: tensor<1x4x9x9xf32> {xfuse.input}, %w: tensor<4x4x3x3xf32> {xfuse.input},
                         %dw: tensor<4x1x3x3xf32> {xfuse.input}) -> tensor<1x4x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x7x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x4x9x9xf32>, tensor<4x4x3x3xf32>) outs(%f : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %dwc = tensor.collapse_shape %dw [[0], [1, 2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
  %e2 = tensor.empty() : tensor<1x4x5x5xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%c, %dwc : tensor<1x4x7x7xf32>, tensor<4x3x3xf32>) outs(%f2 : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  return %d : tensor<1x4x5x5xf32>
}
