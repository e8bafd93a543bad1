// Filters as function arguments (as xfuse.onnx imports large weights): a convolution, a
// depthwise convolution, and a filter an NCHW op also reads (a transpose back for it).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @weights(%x: tensor<1x4x9x9xf32>, %w: tensor<6x4x3x3xf32>, %dw: tensor<6x3x3xf32>,
                   %b: tensor<6xf32>) -> (tensor<1x6x3x3xf32>, tensor<6x4x3x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x7x7xf32>
  %bias = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<1x6x7x7xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x4x9x9xf32>, tensor<6x4x3x3xf32>) outs(%bias : tensor<1x6x7x7xf32>) -> tensor<1x6x7x7xf32>
  %e2 = tensor.empty() : tensor<1x6x3x3xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
         ins(%c, %dw : tensor<1x6x7x7xf32>, tensor<6x3x3xf32>) outs(%f2 : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%d : tensor<1x6x3x3xf32>) outs(%e2 : tensor<1x6x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x3x3xf32>
  %e3 = tensor.empty() : tensor<6x4x3x3xf32>
  %w2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%w : tensor<6x4x3x3xf32>) outs(%e3 : tensor<6x4x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<6x4x3x3xf32>
  return %r, %w2 : tensor<1x6x3x3xf32>, tensor<6x4x3x3xf32>
}
