// squeeze_excite: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @g(%arg0: tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<[0.501980782, -0.308953524, 0.911005675, -0.660215497, -0.330764025, 4.675250e-01, 0.0245273076, 1.00119627]> : tensor<8xf32>
    %cst_2 = arith.constant dense<[[[[0.0942595973]], [[-0.316597044]], [[-0.188781753]], [[-0.545573056]], [[-0.638840079]], [[0.315205753]], [[0.290582895]], [[0.647279382]]], [[[-0.377302885]], [[0.844553709]], [[-0.143693849]], [[0.787204146]], [[-0.216392919]], [[-0.367741644]], [[0.124892689]], [[0.515726566]]], [[[0.0805047899]], [[-0.292764425]], [[-0.670609832]], [[-0.700760126]], [[0.251341432]], [[0.494856507]], [[-0.0821472927]], [[-0.53718245]]], [[[0.436521083]], [[-0.640196979]], [[-0.356534034]], [[0.310508937]], [[-1.12507057]], [[0.193184793]], [[-0.29082042]], [[0.0546398498]]]]> : tensor<4x8x1x1xf32>
    %cst_3 = arith.constant dense<[-0.0378507636, 0.101057194, 0.347085983, -0.379184872]> : tensor<4xf32>
    %cst_4 = arith.constant dense<[[[[7.104910e-01]], [[0.363046885]], [[0.421866328]], [[5.824320e-01]]], [[[0.393794119]], [[0.42203933]], [[0.0377968065]], [[-0.713386952]]], [[[-0.0675225481]], [[-0.38475731]], [[-0.711370885]], [[0.129226401]]], [[[-0.284274727]], [[-0.514902234]], [[-0.521500528]], [[0.134208545]]], [[[0.179335982]], [[0.661228716]], [[-0.00695733447]], [[0.520919859]]], [[[0.701132417]], [[0.575082839]], [[-1.182652]], [[0.614341855]]], [[[1.698100e-01]], [[0.211885676]], [[0.185613707]], [[0.191378579]]], [[[0.159707114]], [[-0.179456651]], [[-0.950817644]], [[-0.0544573627]]]]> : tensor<8x4x1x1xf32>
    %cst_5 = arith.constant dense<[-0.401865929, 0.54008168, -0.144383252, 0.0417376794, -4.248030e-01, -0.255311221, -0.00576653099, -0.742687583]> : tensor<8xf32>
    %cst_6 = arith.constant dense<[[[0.0628651082, -0.0660524294, 0.320211321], [0.0524500571, -0.267834693, 0.180797532], [6.520000e-01, 0.473540485, -0.351867616]], [[-0.632710754, -0.311637223, 0.0206629895], [-1.1625154, -0.109395832, -0.622955501], [-0.36613369, -0.272129506, -0.158150077]], [[0.205815271, 0.521256685, -0.0642673299], [0.683231711, -0.332597345, 0.175755039], [0.451735079, 0.0470061488, -0.37174964]], [[-0.460862696, -0.228862911, 0.110097565], [-0.504809082, -0.104587786, -0.0796125084], [0.270422786, 0.107329562, 0.177686349]], [[-0.32691431, -0.064806819, 0.391987741], [0.746715545, -0.629532754, 0.756961882], [0.672937691, 0.390655696, 0.132227808]], [[-0.156961411, 0.729010344, 0.980129182], [0.900817453, 0.657551885, 0.17869021], [-0.604159296, -0.00222706655, 0.328237474]], [[-0.644180715, 0.197561026, 0.214931846], [0.348021358, -0.592058957, -0.330851287], [-0.218217626, -5.849010e-01, 0.869683921]], [[-0.247955367, 0.164484814, -0.129286274], [0.791736423, 0.660180509, 0.316676319], [-1.1017549, 0.0260144863, 0.341843098]]]> : tensor<8x3x3xf32>
    %cst_7 = arith.constant 4.200000e+01 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x8x7x6xf32> to tensor<1x8x9x8xf32>
    %0 = tensor.empty() : tensor<1x8x7x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_1 : tensor<8xf32>) outs(%0 : tensor<1x8x7x6xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_6 : tensor<1x8x9x8xf32>, tensor<8x3x3xf32>) outs(%broadcasted : tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
    %2 = tensor.empty() : tensor<1x8x1x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%1 : tensor<1x8x7x6xf32>) outs(%3 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %in, %out : f32
      linalg.yield %12 : f32
    } -> tensor<1x8x1x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1x1xf32>) outs(%2 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.divf %in, %cst_7 : f32
      linalg.yield %12 : f32
    } -> tensor<1x8x1x1xf32>
    %6 = tensor.empty() : tensor<1x4x1x1xf32>
    %broadcasted_8 = linalg.broadcast ins(%cst_3 : tensor<4xf32>) outs(%6 : tensor<1x4x1x1xf32>) dimensions = [0, 2, 3] 
    %7 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%5, %cst_2 : tensor<1x8x1x1xf32>, tensor<4x8x1x1xf32>) outs(%broadcasted_8 : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x4x1x1xf32>) outs(%6 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.cmpf ugt, %in, %cst : f32
      %13 = arith.select %12, %in, %cst : f32
      linalg.yield %13 : f32
    } -> tensor<1x4x1x1xf32>
    %broadcasted_9 = linalg.broadcast ins(%cst_5 : tensor<8xf32>) outs(%2 : tensor<1x8x1x1xf32>) dimensions = [0, 2, 3] 
    %9 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%8, %cst_4 : tensor<1x4x1x1xf32>, tensor<8x4x1x1xf32>) outs(%broadcasted_9 : tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x1x1xf32>) outs(%2 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.negf %in : f32
      %13 = math.exp %12 : f32
      %14 = arith.addf %13, %cst_0 : f32
      %15 = arith.divf %cst_0, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<1x8x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %10 : tensor<1x8x7x6xf32>, tensor<1x8x1x1xf32>) outs(%0 : tensor<1x8x7x6xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %12 = arith.mulf %in, %in_10 : f32
      linalg.yield %12 : f32
    } -> tensor<1x8x7x6xf32>
    return %11 : tensor<1x8x7x6xf32>
  }
}
