// depthwise_conv: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @g(%arg0: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<[0.169754729, -0.642690718, 1.18458188, -0.0141315814, 1.20845628, -0.433710724, -0.283923239, 1.29983079]> : tensor<8xf32>
    %cst_1 = arith.constant dense<[[[-0.0198230743, 0.692061483, -0.05384003], [-0.285468757, 0.116441317, 2.634940e-01], [0.283721536, 0.140821651, 0.375045568]], [[0.472850531, -0.553441465, -0.189445913], [0.434845656, 2.443100e-01, 0.117300056], [0.336239457, 0.476076871, -0.429023534]], [[-0.613472223, -0.576840758, 0.929337084], [-0.527216315, -0.117293559, -0.0927391499], [0.515530109, -0.869160532, -0.0196341053]], [[0.607194185, 0.557449877, 0.20465599], [-0.130469546, 0.878841698, -0.83597356], [0.490492642, 0.254088938, 0.295518339]], [[0.13290441, 0.102590077, 4.653940e-01], [-0.57652241, -6.232760e-01, 0.081226617], [0.0260753967, 0.0818300843, 0.7952165]], [[-0.289654672, 0.375659376, 0.192223847], [1.18328118, -0.701093316, -0.273003548], [-0.228395015, 0.660301447, -0.409959286]], [[0.828971505, 0.799054145, 0.432806313], [0.218688026, -0.778089106, 0.0910747498], [-0.715335845, -0.181313202, 0.101550363]], [[-0.154435694, 0.475402802, -0.0645880699], [-0.774291098, -0.530028641, -0.636954188], [-0.158215195, 0.62379241, 0.252873033]]]> : tensor<8x3x3xf32>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %broadcasted = linalg.broadcast ins(%cst_0 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_1 : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>) outs(%broadcasted : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x8x8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.cmpf ugt, %in, %cst : f32
      %4 = arith.select %3, %in, %cst : f32
      linalg.yield %4 : f32
    } -> tensor<1x8x8x8xf32>
    return %2 : tensor<1x8x8x8xf32>
  }
}
