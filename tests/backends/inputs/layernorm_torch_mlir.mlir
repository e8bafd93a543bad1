// The layernorm of xfuse.onnx.transformer_layer() (seq 128, hidden 256, 4 heads) as torch-mlir's
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
func.func @layernorm(%37: tensor<1x128x256xf32>, %arg9: tensor<256xf32>, %arg10: tensor<256xf32>) -> tensor<1x128x256xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant 2.560000e+02 : f32
    %cst_6 = arith.constant 9.99999974E-6 : f32
    %2 = tensor.empty() : tensor<1x128x256xf32>
    %38 = tensor.empty() : tensor<1x128x1xf32>
    %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%37 : tensor<1x128x256xf32>) outs(%39 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40 : tensor<1x128x1xf32>) outs(%38 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.divf %in, %cst_5 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_19 = tensor.collapse_shape %41 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %42 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_19 : tensor<1x128xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37, %42 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.subf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x256xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43, %43 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.mulf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x256xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%44 : tensor<1x128x256xf32>) outs(%39 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<1x128x1xf32>) outs(%38 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.divf %in, %cst_5 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46 : tensor<1x128x1xf32>) outs(%38 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %cst_6 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<1x128x1xf32>) outs(%38 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.rsqrt %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_20 = tensor.collapse_shape %48 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %49 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_20 : tensor<1x128xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43, %49 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.mulf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x256xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %arg9 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.mulf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x256xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %arg10 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_23: f32, %out: f32):
      %82 = arith.addf %in, %in_23 : f32
      linalg.yield %82 : f32
    } -> tensor<1x128x256xf32>
    return %52 : tensor<1x128x256xf32>
}
