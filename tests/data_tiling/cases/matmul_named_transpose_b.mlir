// CASE: target=x86_64-avx2 expect=linalg.mmt4d
// MLIR 22's transposed-B linalg.matmul (indexing_maps), in the generic form mlir-opt prints: xDSL
// 0.74's custom parser of linalg.matmul does not take indexing_maps.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<24x40xf32>, tensor<56x40xf32>, tensor<24x56xf32>) -> tensor<24x56xf32>, sym_name = "matmul_transpose_b"}> ({
  ^bb0(%arg0: tensor<24x40xf32>, %arg1: tensor<56x40xf32>, %arg2: tensor<24x56xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<24x40xf32>, tensor<56x40xf32>, tensor<24x56xf32>) -> tensor<24x56xf32>
    "func.return"(%0) : (tensor<24x56xf32>) -> ()
  }) : () -> ()
}) : () -> ()

