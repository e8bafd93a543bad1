// conv_maxpool: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @g(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x8x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<[[[[0.492878884]], [[-0.00818756595]], [[-0.736327111]], [[-0.198079407]]], [[[0.601875901]], [[-0.294200838]], [[-0.605301201]], [[-0.144395143]]], [[[-0.409037471]], [[-0.62529999]], [[0.21876888]], [[0.399086148]]], [[[-0.275865704]], [[0.261811465]], [[-0.193513513]], [[-0.0498570651]]], [[[0.0617012046]], [[0.746641755]], [[0.253779441]], [[-0.499556541]]], [[[0.257914633]], [[-0.110594139]], [[-0.23318021]], [[-0.419880688]]], [[[-0.0131301312]], [[-0.0300662182]], [[-0.201091185]], [[-0.695573688]]], [[[-0.853586137]], [[0.063992247]], [[0.0891023799]], [[1.0915643]]]]> : tensor<8x4x1x1xf32>
    %cst_2 = arith.constant dense<[-0.0893315077, 5.107120e-01, 0.597601891, -0.0305333771, 3.840050e-02, -0.214921862, 0.887579619, -0.754216075]> : tensor<8xf32>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %broadcasted = linalg.broadcast ins(%cst_2 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_1 : tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) outs(%broadcasted : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x8x8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.cmpf ugt, %in, %cst : f32
      %8 = arith.select %7, %in, %cst : f32
      linalg.yield %8 : f32
    } -> tensor<1x8x8x8xf32>
    %3 = tensor.empty() : tensor<1x8x4x4xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %5 = tensor.empty() : tensor<2x2xf32>
    %6 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%2, %5 : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%4 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    return %6 : tensor<1x8x4x4xf32>
  }
}
