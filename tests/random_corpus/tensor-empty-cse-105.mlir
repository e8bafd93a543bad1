// pipeline: xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers,canonicalize,cse
// found by: random program seed 105 (mismatch: result #2 differs by 0.5)
// fixed bug (backend: prepare_for_execution gives each tensor.empty user its own empty): the IR after the passes is correct in tensor
// semantics, and without cse it runs right. The dead fused consumer's destination, once
// ForallOpIterArgsFolder drops its shared_out, is a slice of its tensor.empty init inside the
// forall; cse merges that tensor.empty with the init of the live shared_out, and mlir-opt's
// one-shot-bufferize (backend 'default' pipeline) then writes the dead op's tile into the live
// shared_out's buffer, inside the parallel loop. Any pipeline with cse before bufferization can
// hit it; fixes: duplicate tensor.empty per use before one-shot-bufferize
// (eliminate-empty-tensors / IREE's approach), or drop dead fused consumers.
"builtin.module"() ({
  "func.func"() <{sym_name = "p105", function_type = (tensor<3x2xf32>, tensor<3xf32>, tensor<13x5xf32>, tensor<11x6xf32>) -> (tensor<13x5xf32>, tensor<6xf32>, tensor<2x1xf32>)}> ({
  ^bb0(%arg0: tensor<3x2xf32>, %arg1: tensor<3xf32>, %arg2: tensor<13x5xf32>, %arg3: tensor<11x6xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e1 = "tensor.empty"() : () -> tensor<3x2xf32>
    %c3 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %v2 = "linalg.generic"(%arg0, %arg1, %e1) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r0 = "arith.minimumf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %r = "arith.maximumf"(%r0, %c3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r) : (f32) -> ()
    }) {xfuse.tile_sizes = array<i64: 3, 0>} : (tensor<3x2xf32>, tensor<3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %e4 = "tensor.empty"() : () -> tensor<3x2xf32>
    %v5 = "linalg.generic"(%v2, %v2, %e4) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x_1: f32, %y_1: f32, %o_1: f32):
      %r_1 = "arith.subf"(%x_1, %y_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_1) : (f32) -> ()
    }) : (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %e6 = "tensor.empty"() : () -> tensor<13x5xf32>
    %v7 = "linalg.exp"(%arg2, %e6) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%0: f32, %1: f32):
      %2 = "math.exp"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<13x5xf32>, tensor<13x5xf32>) -> tensor<13x5xf32>
    %e8 = "tensor.empty"() : () -> tensor<6xf32>
    %f9 = "linalg.fill"(%zero, %e8) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%3: f32, %4: f32):
      "linalg.yield"(%3) : (f32) -> ()
    }) : (f32, tensor<6xf32>) -> tensor<6xf32>
    %v10 = "linalg.generic"(%arg3, %f9) <{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%x_2: f32, %o_2: f32):
      %r_2 = "arith.maximumf"(%x_2, %o_2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_2) : (f32) -> ()
    }) : (tensor<11x6xf32>, tensor<6xf32>) -> tensor<6xf32>
    %v11 = "tensor.extract_slice"(%v2) <{static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 1>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<3x2xf32>) -> tensor<2x1xf32>
    "func.return"(%v7, %v10, %v11) : (tensor<13x5xf32>, tensor<6xf32>, tensor<2x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()