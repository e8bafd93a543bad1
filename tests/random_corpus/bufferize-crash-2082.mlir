// pipeline: xfuse-bufferize
// found by: random program seed 2082 through xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse,xfuse-bufferize (crash);
// this is the IR after canonicalize,cse (correct: compiled with one-shot-bufferize it agrees with the input)
// fixed bug (bufferize, issue 9): crash: AssertionError
"builtin.module"() ({
  "func.func"() <{sym_name = "p2082", function_type = (tensor<8x2xf32>, tensor<2x4xf32>, tensor<4x11xf32>, tensor<12x9xf32>, tensor<4x13xf32>, tensor<13x12x13xf32>) -> (tensor<2x3xf32>, tensor<4x13xf32>, tensor<12x13x13xf32>)}> ({
  ^bb0(%arg0: tensor<8x2xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<4x11xf32>, %arg3: tensor<12x9xf32>, %arg4: tensor<4x13xf32>, %arg5: tensor<13x12x13xf32>):
    "scf.forall"() <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 8, 4>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    ^bb0(%iv0: index, %iv1: index):
      %0 = "affine.min"(%iv0) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 8))>}> : (index) -> index
      %1 = "affine.min"(%iv1) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 4))>}> : (index) -> index
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
    "scf.forall"() <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 8, 11>, staticStep = array<i64: 16, 32>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    ^bb0(%iv0_1: index, %iv1_1: index):
      %2 = "affine.min"(%iv0_1) <{map = affine_map<(d0) -> (16, ((d0 * -1) + 8))>}> : (index) -> index
      %3 = "affine.min"(%iv1_1) <{map = affine_map<(d0) -> (32, ((d0 * -1) + 11))>}> : (index) -> index
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
    %v10 = "tensor.extract_slice"(%arg3) <{static_offsets = array<i64: 2, 1>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<12x9xf32>) -> tensor<2x3xf32>
    %e11 = "tensor.empty"() : () -> tensor<4x13xf32>
    %v12 = "linalg.exp"(%arg4, %e11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%4: f32, %5: f32):
      %6 = "math.exp"(%4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<4x13xf32>, tensor<4x13xf32>) -> tensor<4x13xf32>
    %e13 = "tensor.empty"() : () -> tensor<12x13x13xf32>
    %v14 = "linalg.transpose"(%arg5, %e13) <{permutation = array<i64: 1, 0, 2>}> ({
    ^bb0(%7: f32, %8: f32):
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<13x12x13xf32>, tensor<12x13x13xf32>) -> tensor<12x13x13xf32>
    "func.return"(%v10, %v12, %v14) : (tensor<2x3xf32>, tensor<4x13xf32>, tensor<12x13x13xf32>) -> ()
  }) : () -> ()
}) : () -> ()