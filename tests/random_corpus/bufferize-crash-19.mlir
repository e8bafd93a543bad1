// pipeline: xfuse-bufferize
// found by: random program seed 19 through xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse,xfuse-bufferize (crash);
// this is the IR after canonicalize,cse (correct: compiled with one-shot-bufferize it agrees with the input)
// fixed bug (bufferize, issue 9): xfuse-bufferize crashes: AssertionError `assert anchor is not None` in bufferize/rewrite.py line 188 (Rewriter.block)
"builtin.module"() ({
  "func.func"() <{sym_name = "p19", function_type = (tensor<11x3xf32>, tensor<3x11xf32>, tensor<7x11x6xf32>, tensor<7x6x12xf32>, tensor<11x8xf32>, tensor<11xf32>, tensor<7x12x3xf32>) -> (tensor<11x11xf32>, tensor<7x11x3xf32>, tensor<11x11xf32>)}> ({
  ^bb0(%arg0: tensor<11x3xf32>, %arg1: tensor<3x11xf32>, %arg2: tensor<7x11x6xf32>, %arg3: tensor<7x6x12xf32>, %arg4: tensor<11x8xf32>, %arg5: tensor<11xf32>, %arg6: tensor<7x12x3xf32>):
    %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e1 = "tensor.empty"() : () -> tensor<11x11xf32>
    %v3, %v3_1 = "scf.forall"(%e1, %e1) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 11, 11>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 2>}> ({
    ^bb0(%0: index, %1: index, %2: tensor<11x11xf32>, %3: tensor<11x11xf32>):
      %4 = "affine.min"(%0) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 11))>}> : (index) -> index
      %5 = "affine.min"(%1) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 11))>}> : (index) -> index
      %6 = "tensor.extract_slice"(%arg0, %0, %4) <{static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 3>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<11x3xf32>, index, index) -> tensor<?x3xf32>
      %7 = "tensor.extract_slice"(%arg1, %1, %5) <{static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 3, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<3x11xf32>, index, index) -> tensor<3x?xf32>
      %8 = "tensor.extract_slice"(%e1, %0, %1, %4, %5) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<11x11xf32>, index, index, index, index) -> tensor<?x?xf32>
      %9 = "linalg.fill"(%zero, %8) <{operandSegmentSizes = array<i32: 1, 1>}> ({
      ^bb0(%10: f32, %11: f32):
        "linalg.yield"(%10) : (f32) -> ()
      }) : (f32, tensor<?x?xf32>) -> tensor<?x?xf32>
      %12 = "linalg.matmul"(%6, %7, %9) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}> ({
      ^bb0(%13: f32, %14: f32, %15: f32):
        %16 = "arith.mulf"(%13, %14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        %17 = "arith.addf"(%16, %15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%17) : (f32) -> ()
      }) : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      %18 = "tensor.extract_slice"(%arg5, %0, %4) <{static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<11xf32>, index, index) -> tensor<?xf32>
      %19 = "tensor.extract_slice"(%2, %0, %1, %4, %5) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<11x11xf32>, index, index, index, index) -> tensor<?x?xf32>
      %20 = "linalg.generic"(%12, %18, %19) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
      ^bb0(%x: f32, %y: f32, %o: f32):
        %r = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%r) : (f32) -> ()
      }) : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      %21 = "tensor.extract_slice"(%3, %0, %1, %4, %5) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<11x11xf32>, index, index, index, index) -> tensor<?x?xf32>
      %22 = "linalg.exp"(%12, %21) <{operandSegmentSizes = array<i32: 1, 1>}> ({
      ^bb0(%23: f32, %24: f32):
        %25 = "math.exp"(%23) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
        "linalg.yield"(%25) : (f32) -> ()
      }) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%20, %2, %0, %1, %4, %5) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>}> : (tensor<?x?xf32>, tensor<11x11xf32>, index, index, index, index) -> ()
        "tensor.parallel_insert_slice"(%22, %3, %0, %1, %4, %5) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>}> : (tensor<?x?xf32>, tensor<11x11xf32>, index, index, index, index) -> ()
      }) : () -> ()
    }) : (tensor<11x11xf32>, tensor<11x11xf32>) -> (tensor<11x11xf32>, tensor<11x11xf32>)
    %e4 = "tensor.empty"() : () -> tensor<7x11x12xf32>
    %v6 = "scf.forall"(%e4) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 7, 11>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
    ^bb0(%26: index, %27: index, %28: tensor<7x11x12xf32>):
      %29 = "affine.min"(%26) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 7))>}> : (index) -> index
      %30 = "affine.min"(%27) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 11))>}> : (index) -> index
      %31 = "tensor.extract_slice"(%arg2, %26, %27, %29, %30) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 6>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<7x11x6xf32>, index, index, index, index) -> tensor<?x?x6xf32>
      %32 = "tensor.extract_slice"(%arg3, %26, %29) <{static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: -9223372036854775808, 6, 12>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<7x6x12xf32>, index, index) -> tensor<?x6x12xf32>
      %33 = "tensor.extract_slice"(%28, %26, %27, %29, %30) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 12>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<7x11x12xf32>, index, index, index, index) -> tensor<?x?x12xf32>
      %34 = "linalg.fill"(%zero, %33) <{operandSegmentSizes = array<i32: 1, 1>}> ({
      ^bb0(%35: f32, %36: f32):
        "linalg.yield"(%35) : (f32) -> ()
      }) : (f32, tensor<?x?x12xf32>) -> tensor<?x?x12xf32>
      %37 = "linalg.batch_matmul"(%31, %32, %34) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]}> ({
      ^bb0(%38: f32, %39: f32, %40: f32):
        %41 = "arith.mulf"(%38, %39) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        %42 = "arith.addf"(%40, %41) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%42) : (f32) -> ()
      }) : (tensor<?x?x6xf32>, tensor<?x6x12xf32>, tensor<?x?x12xf32>) -> tensor<?x?x12xf32>
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%37, %28, %26, %27, %29, %30) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 12>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>}> : (tensor<?x?x12xf32>, tensor<7x11x12xf32>, index, index, index, index) -> ()
      }) : () -> ()
    }) : (tensor<7x11x12xf32>) -> tensor<7x11x12xf32>
    "scf.forall"() <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 11, 8>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    ^bb0(%43: index, %44: index):
      %45 = "affine.min"(%43) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 11))>}> : (index) -> index
      %46 = "affine.min"(%44) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 8))>}> : (index) -> index
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
    %e12 = "tensor.empty"() : () -> tensor<7x11x3xf32>
    %v14 = "scf.forall"(%e12) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 7, 11>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
    ^bb0(%47: index, %48: index, %49: tensor<7x11x3xf32>):
      %50 = "affine.min"(%47) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 7))>}> : (index) -> index
      %51 = "affine.min"(%48) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 11))>}> : (index) -> index
      %52 = "tensor.extract_slice"(%v6, %47, %48, %50, %51) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 12>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<7x11x12xf32>, index, index, index, index) -> tensor<?x?x12xf32>
      %53 = "tensor.extract_slice"(%arg6, %47, %50) <{static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: -9223372036854775808, 12, 3>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<7x12x3xf32>, index, index) -> tensor<?x12x3xf32>
      %54 = "tensor.extract_slice"(%49, %47, %48, %50, %51) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 3>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (tensor<7x11x3xf32>, index, index, index, index) -> tensor<?x?x3xf32>
      %55 = "linalg.fill"(%zero, %54) <{operandSegmentSizes = array<i32: 1, 1>}> ({
      ^bb0(%56: f32, %57: f32):
        "linalg.yield"(%56) : (f32) -> ()
      }) : (f32, tensor<?x?x3xf32>) -> tensor<?x?x3xf32>
      %58 = "linalg.batch_matmul"(%52, %53, %55) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]}> ({
      ^bb0(%59: f32, %60: f32, %61: f32):
        %62 = "arith.mulf"(%59, %60) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        %63 = "arith.addf"(%61, %62) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "linalg.yield"(%63) : (f32) -> ()
      }) : (tensor<?x?x12xf32>, tensor<?x12x3xf32>, tensor<?x?x3xf32>) -> tensor<?x?x3xf32>
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%58, %49, %47, %48, %50, %51) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 3>, static_strides = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>}> : (tensor<?x?x3xf32>, tensor<7x11x3xf32>, index, index, index, index) -> ()
      }) : () -> ()
    }) : (tensor<7x11x3xf32>) -> tensor<7x11x3xf32>
    "func.return"(%v3, %v14, %v3_1) : (tensor<11x11xf32>, tensor<7x11x3xf32>, tensor<11x11xf32>) -> ()
  }) : () -> ()
}) : () -> ()