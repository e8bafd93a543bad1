// pipeline: xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-generic-to-mmt4d
// found by: random program seed 15122 (rejected)
// mlir-opt: assertion "expected that op has no uses" in the backend's micro-kernel schedule: an
// mmt4d with K1 = 1 got a one-step K loop, and LLVM 22's hoist_loop_invariant_subsets left a use its
// definition does not dominate (fixed: a unit reduction gets no K loop, schedule.MicroKernelGroup.unit_k)
"builtin.module"() ({
  "func.func"() <{sym_name = "p15122", function_type = (tensor<7x11xf32>, tensor<7x11xf32>, tensor<11x3xf32>, tensor<6x13xf32>, tensor<13x6xf32>, tensor<1x11xf32>) -> (tensor<6x13xf32>, tensor<1xf32>, tensor<5x11xf32>)}> ({
  ^bb0(%arg0: tensor<7x11xf32>, %arg1: tensor<7x11xf32>, %arg2: tensor<11x3xf32>, %arg3: tensor<6x13xf32>, %arg4: tensor<13x6xf32>, %arg5: tensor<1x11xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %v1 = "tensor.extract_slice"(%arg0) <{static_offsets = array<i64: 1, 3>, static_sizes = array<i64: 5, 1>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<7x11xf32>) -> tensor<5x1xf32>
    %v2 = "tensor.insert_slice"(%v1, %arg1) <{static_offsets = array<i64: 0, 7>, static_sizes = array<i64: 5, 1>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<5x1xf32>, tensor<7x11xf32>) -> tensor<7x11xf32>
    %e3 = "tensor.empty"() : () -> tensor<5x1xf32>
    %v4 = "linalg.exp"(%v1, %e3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%0: f32, %1: f32):
      %2 = "math.exp"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %e5 = "tensor.empty"() : () -> tensor<7x3xf32>
    %f6 = "linalg.fill"(%zero, %e5) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%3: f32, %4: f32):
      "linalg.yield"(%3) : (f32) -> ()
    }) : (f32, tensor<7x3xf32>) -> tensor<7x3xf32>
    %v7 = "linalg.matmul"(%v2, %arg2, %f6) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
    ^bb0(%5: f32, %6: f32, %7: f32):
      %8 = "arith.mulf"(%5, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %9 = "arith.addf"(%7, %8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) : (tensor<7x11xf32>, tensor<11x3xf32>, tensor<7x3xf32>) -> tensor<7x3xf32>
    %e8 = "tensor.empty"() : () -> tensor<6x13xf32>
    %v9 = "linalg.generic"(%arg3, %arg4, %e8) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r) : (f32) -> ()
    }) : (tensor<6x13xf32>, tensor<13x6xf32>, tensor<6x13xf32>) -> tensor<6x13xf32>
    %e10 = "tensor.empty"() : () -> tensor<1xf32>
    %f11 = "linalg.fill"(%zero, %e10) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%10: f32, %11: f32):
      "linalg.yield"(%10) : (f32) -> ()
    }) : (f32, tensor<1xf32>) -> tensor<1xf32>
    %v12 = "linalg.generic"(%v1, %f11) <{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%x_1: f32, %o_1: f32):
      %r_1 = "arith.maximumf"(%x_1, %o_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_1) : (f32) -> ()
    }) : (tensor<5x1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %e13 = "tensor.empty"() : () -> tensor<5x11xf32>
    %f14 = "linalg.fill"(%zero, %e13) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%12: f32, %13: f32):
      "linalg.yield"(%12) : (f32) -> ()
    }) : (f32, tensor<5x11xf32>) -> tensor<5x11xf32>
    %v15 = "linalg.matmul"(%v4, %arg5, %f14) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
    ^bb0(%14: f32, %15: f32, %16: f32):
      %17 = "arith.mulf"(%14, %15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %18 = "arith.addf"(%16, %17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%18) : (f32) -> ()
    }) : (tensor<5x1xf32>, tensor<1x11xf32>, tensor<5x11xf32>) -> tensor<5x11xf32>
    "func.return"(%v9, %v12, %v15) : (tensor<6x13xf32>, tensor<1xf32>, tensor<5x11xf32>) -> ()
  }) : () -> ()
}) : () -> ()