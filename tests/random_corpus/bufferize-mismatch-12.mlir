// pipeline: xfuse-bufferize
// found by: random program seed 12 through xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse,xfuse-bufferize (mismatch);
// this is the IR after canonicalize,cse (correct: compiled with one-shot-bufferize it agrees with the input)
// fixed bug (bufferize, issue 9): xfuse-bufferize computes a different result #1 (max abs error 3.2) than mlir-opt's one-shot-bufferize on this fused program
"builtin.module"() ({
  "func.func"() <{sym_name = "p12", function_type = (tensor<11x13xf32>, tensor<11xf32>, tensor<13xf32>, tensor<13x7xf32>) -> (tensor<11x13xf32>, tensor<11x7xf32>, tensor<2x9xf32>)}> ({
  ^bb0(%arg0: tensor<11x13xf32>, %arg1: tensor<11xf32>, %arg2: tensor<13xf32>, %arg3: tensor<13x7xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e1 = "tensor.empty"() : () -> tensor<11x13xf32>
    %v3, %v4 = "linalg.generic"(%arg0, %arg1, %e1, %e1) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 2>}> ({
    ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
      %r = "arith.subf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %s = "arith.maximumf"(%r, %x) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r, %s) : (f32, f32) -> ()
    }) : (tensor<11x13xf32>, tensor<11xf32>, tensor<11x13xf32>, tensor<11x13xf32>) -> (tensor<11x13xf32>, tensor<11x13xf32>)
    %v6 = "linalg.generic"(%v4, %arg2, %e1) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x_1: f32, %y_1: f32, %o_1: f32):
      %r_1 = "arith.minimumf"(%x_1, %y_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%r_1) : (f32) -> ()
    }) : (tensor<11x13xf32>, tensor<13xf32>, tensor<11x13xf32>) -> tensor<11x13xf32>
    %e7 = "tensor.empty"() : () -> tensor<11x7xf32>
    %v9 = "scf.forall"(%e7) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 11, 7>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
    ^bb0(%0: index, %1: index, %2: tensor<11x7xf32>):
      %3 = "affine.min"(%0) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 11))>}> : (index) -> index
      %4 = "affine.min"(%1) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 7))>}> : (index) -> index
      %5 = "tensor.extract_slice"(%arg0, %0, %3) <{static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 13>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<11x13xf32>, index, index) -> tensor<?x13xf32>
      %6 = "tensor.extract_slice"(%arg1, %0, %3) <{static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<11xf32>, index, index) -> tensor<?xf32>
      %7 = "tensor.empty"(%3) : (index) -> tensor<?x13xf32>
      %8, %9 = "linalg.generic"(%5, %6, %7, %7) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 2>}> ({
      ^bb0(%x_2: f32, %y_2: f32, %o_2: f32, %p_1: f32):
        %r_2 = "arith.subf"(%x_2, %y_2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        %s_1 = "arith.maximumf"(%r_2, %x_2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%r_2, %s_1) : (f32, f32) -> ()
      }) : (tensor<?x13xf32>, tensor<?xf32>, tensor<?x13xf32>, tensor<?x13xf32>) -> (tensor<?x13xf32>, tensor<?x13xf32>)
      %10 = "tensor.extract_slice"(%arg3, %1, %4) <{static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 13, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<13x7xf32>, index, index) -> tensor<13x?xf32>
      %11 = "tensor.extract_slice"(%2, %0, %1, %3, %4) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<11x7xf32>, index, index, index, index) -> tensor<?x?xf32>
      %12 = "linalg.fill"(%zero, %11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
      ^bb0(%13: f32, %14: f32):
        "linalg.yield"(%13) : (f32) -> ()
      }) : (f32, tensor<?x?xf32>) -> tensor<?x?xf32>
      %15 = "linalg.matmul"(%8, %10, %12) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
      ^bb0(%16: f32, %17: f32, %18: f32):
        %19 = "arith.mulf"(%16, %17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        %20 = "arith.addf"(%19, %18) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%20) : (f32) -> ()
      }) : (tensor<?x13xf32>, tensor<13x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%15, %2, %0, %1, %3, %4) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>}> : (tensor<?x?xf32>, tensor<11x7xf32>, index, index, index, index) -> ()
      }) : () -> ()
    }) : (tensor<11x7xf32>) -> tensor<11x7xf32>
    %v10 = "tensor.extract_slice"(%v4) <{static_offsets = array<i64: 5, 3>, static_sizes = array<i64: 2, 9>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<11x13xf32>) -> tensor<2x9xf32>
    "func.return"(%v6, %v9, %v10) : (tensor<11x13xf32>, tensor<11x7xf32>, tensor<2x9xf32>) -> ()
  }) : () -> ()
}) : () -> ()