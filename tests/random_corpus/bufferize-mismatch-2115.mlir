// pipeline: xfuse-bufferize
// found by: random program seed 2115 through xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse,xfuse-bufferize (mismatch);
// this is the IR after canonicalize,cse (correct: compiled with one-shot-bufferize it agrees with the input)
// fixed bug (bufferize, issue 9): mismatch: @p2115: result #1 differs (max abs error 0.25, shapes (4, 2) (4, 2))
"builtin.module"() ({
  "func.func"() <{sym_name = "p2115", function_type = (tensor<9x5xf32>, tensor<4x2xf32>, tensor<4xf32>) -> (tensor<5xf32>, tensor<4x2xf32>, tensor<4x2xf32>)}> ({
  ^bb0(%arg0: tensor<9x5xf32>, %arg1: tensor<4x2xf32>, %arg2: tensor<4xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e1 = "tensor.empty"() : () -> tensor<5xf32>
    %f2 = "linalg.fill"(%zero, %e1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%0: f32, %1: f32):
      "linalg.yield"(%0) : (f32) -> ()
    }) : (f32, tensor<5xf32>) -> tensor<5xf32>
    %v3 = "linalg.generic"(%arg0, %f2) <{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%x: f32, %o: f32):
      %r = "arith.maximumf"(%x, %o) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r) : (f32) -> ()
    }) : (tensor<9x5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %e4 = "tensor.empty"() : () -> tensor<4x2xf32>
    %c6 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %v5 = "linalg.generic"(%arg1, %arg2, %e4) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x_1: f32, %y: f32, %o_1: f32):
      %r0 = "arith.subf"(%x_1, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %r_1 = "arith.maximumf"(%r0, %c6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_1) : (f32) -> ()
    }) : (tensor<4x2xf32>, tensor<4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    %v9, %v10 = "linalg.generic"(%v5, %v5, %e4, %e4) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 2>}> ({
    ^bb0(%x_2: f32, %y_1: f32, %o_2: f32, %p: f32):
      %r_2 = "arith.maximumf"(%x_2, %y_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %s = "arith.mulf"(%r_2, %x_2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_2, %s) : (f32, f32) -> ()
    }) : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
    "func.return"(%v3, %v9, %v10) : (tensor<5xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()