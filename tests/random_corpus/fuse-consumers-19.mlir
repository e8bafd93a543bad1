// pipeline: xfuse-tile{loop=forall},xfuse-fuse-consumers
// found by: random program seed 19 (rejected)
// mlir-opt: operand #1 does not dominate this use: a constant captured by a linalg.generic body
// was left after the loop the generic was fused into (fixed in fuse_consumers._used_values)
"builtin.module"() ({
  "func.func"() <{sym_name = "p19", function_type = (tensor<11x3xf32>, tensor<3x11xf32>, tensor<7x11x6xf32>, tensor<7x6x12xf32>, tensor<11x8xf32>, tensor<11xf32>, tensor<11x9xf32>) -> (tensor<11x8xf32>, tensor<11x9xf32>, tensor<11x11xf32>)}> ({
  ^bb0(%arg0: tensor<11x3xf32>, %arg1: tensor<3x11xf32>, %arg2: tensor<7x11x6xf32>, %arg3: tensor<7x6x12xf32>, %arg4: tensor<11x8xf32>, %arg5: tensor<11xf32>, %arg6: tensor<11x9xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e1 = "tensor.empty"() : () -> tensor<11x11xf32>
    %f2 = "linalg.fill"(%zero, %e1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%0: f32, %1: f32):
      "linalg.yield"(%0) : (f32) -> ()
    }) : (f32, tensor<11x11xf32>) -> tensor<11x11xf32>
    %v3 = "linalg.matmul"(%arg0, %arg1, %f2) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
    ^bb0(%2: f32, %3: f32, %4: f32):
      %5 = "arith.mulf"(%2, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %6 = "arith.addf"(%5, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 2, 8, 0>} : (tensor<11x3xf32>, tensor<3x11xf32>, tensor<11x11xf32>) -> tensor<11x11xf32>
    %e4 = "tensor.empty"() : () -> tensor<7x11x12xf32>
    %f5 = "linalg.fill"(%zero, %e4) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%7: f32, %8: f32):
      "linalg.yield"(%7) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 0, 2, 16>} : (f32, tensor<7x11x12xf32>) -> tensor<7x11x12xf32>
    %v6 = "linalg.batch_matmul"(%arg2, %arg3, %f5) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]}> ({
    ^bb0(%9: f32, %10: f32, %11: f32):
      %12 = "arith.mulf"(%9, %10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %13 = "arith.addf"(%11, %12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%13) : (f32) -> ()
    }) : (tensor<7x11x6xf32>, tensor<7x6x12xf32>, tensor<7x11x12xf32>) -> tensor<7x11x12xf32>
    %e7 = "tensor.empty"() : () -> tensor<11x8xf32>
    %f8 = "linalg.fill"(%zero, %e7) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%14: f32, %15: f32):
      "linalg.yield"(%14) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 2, 4>} : (f32, tensor<11x8xf32>) -> tensor<11x8xf32>
    %v9 = "linalg.matmul"(%v3, %arg4, %f8) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
    ^bb0(%16: f32, %17: f32, %18: f32):
      %19 = "arith.mulf"(%16, %17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %20 = "arith.addf"(%19, %18) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%20) : (f32) -> ()
    }) : (tensor<11x11xf32>, tensor<11x8xf32>, tensor<11x8xf32>) -> tensor<11x8xf32>
    %e10 = "tensor.empty"() : () -> tensor<11x11xf32>
    %c12 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %v11 = "linalg.generic"(%v3, %arg5, %e10) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r0 = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %r = "arith.maximumf"(%r0, %c12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r) : (f32) -> ()
    }) : (tensor<11x11xf32>, tensor<11xf32>, tensor<11x11xf32>) -> tensor<11x11xf32>
    %e13 = "tensor.empty"() : () -> tensor<11x9xf32>
    %f14 = "linalg.fill"(%zero, %e13) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%21: f32, %22: f32):
      "linalg.yield"(%21) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 5, 2>} : (f32, tensor<11x9xf32>) -> tensor<11x9xf32>
    %v15 = "linalg.matmul"(%v11, %arg6, %f14) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
    ^bb0(%23: f32, %24: f32, %25: f32):
      %26 = "arith.mulf"(%23, %24) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %27 = "arith.addf"(%26, %25) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%27) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 16, 2, 0>} : (tensor<11x11xf32>, tensor<11x9xf32>, tensor<11x9xf32>) -> tensor<11x9xf32>
    %e16 = "tensor.empty"() : () -> tensor<11x11xf32>
    %c18 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %v17 = "linalg.generic"(%v3, %v11, %e16) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x_1: f32, %y_1: f32, %o_1: f32):
      %r0_1 = "arith.maximumf"(%x_1, %y_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %r_1 = "arith.maximumf"(%r0_1, %c18) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_1) : (f32) -> ()
    }) : (tensor<11x11xf32>, tensor<11x11xf32>, tensor<11x11xf32>) -> tensor<11x11xf32>
    "func.return"(%v9, %v15, %v17) : (tensor<11x8xf32>, tensor<11x9xf32>, tensor<11x11xf32>) -> ()
  }) : () -> ()
}) : () -> ()