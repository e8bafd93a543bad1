// The softmax of xfuse.onnx.transformer_layer() (seq 128, hidden 256, 4 heads) as torch-mlir's
// ONNX importer and torch-backend-to-linalg-on-tensors lowering emit it (xfuse-import-onnx), cut out
// into a function of its own: one linalg.generic per ONNX node.
#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> ()>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map9 = affine_map<(d0, d1, d2) -> ()>
func.func @softmax(%expanded_12: tensor<1x4x128x128xf32>) -> tensor<1x4x128x128xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<1.250000e-01> : tensor<f32>
    %17 = tensor.empty() : tensor<1x4x128x128xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_12, %cst_1 : tensor<1x4x128x128xf32>, tensor<f32>) outs(%17 : tensor<1x4x128x128xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.mulf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x128x128xf32>
    %19 = tensor.empty() : tensor<1x4x128xi64>
    %20 = linalg.fill ins(%c0_i64 : i64) outs(%19 : tensor<1x4x128xi64>) -> tensor<1x4x128xi64>
    %21 = tensor.empty() : tensor<1x4x128xf32>
    %22 = linalg.fill ins(%cst_0 : f32) outs(%21 : tensor<1x4x128xf32>) -> tensor<1x4x128xf32>
    %23:2 = linalg.generic {indexing_maps = [#map3, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%18 : tensor<1x4x128x128xf32>) outs(%22, %20 : tensor<1x4x128xf32>, tensor<1x4x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_23: i64):
      %82 = linalg.index 3 : index
      %83 = arith.index_cast %82 : index to i64
      %84 = arith.maximumf %in, %out : f32
      %85 = arith.cmpf ogt, %in, %out : f32
      %86 = arith.select %85, %83, %out_23 : i64
      linalg.yield %84, %86 : f32, i64
    } -> (tensor<1x4x128xf32>, tensor<1x4x128xi64>)
    %expanded_13 = tensor.expand_shape %23#0 [[0], [1], [2, 3]] output_shape [1, 4, 128, 1] : tensor<1x4x128xf32> into tensor<1x4x128x1xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_13 : tensor<1x4x128x128xf32>, tensor<1x4x128x1xf32>) outs(%17 : tensor<1x4x128x128xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.subf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x128x128xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<1x4x128x128xf32>) outs(%17 : tensor<1x4x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.exp %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x128x128xf32>
    %26 = tensor.empty() : tensor<1x4x128x1xf32>
    %27 = linalg.fill ins(%cst : f32) outs(%26 : tensor<1x4x128x1xf32>) -> tensor<1x4x128x1xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%25 : tensor<1x4x128x128xf32>) outs(%27 : tensor<1x4x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x128x1xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %28 : tensor<1x4x128x128xf32>, tensor<1x4x128x1xf32>) outs(%17 : tensor<1x4x128x128xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.divf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x128x128xf32>
    return %29 : tensor<1x4x128x128xf32>
}
