// `--runtime-checks`: the forall's second iteration inserts an 8x8 tile at column 8 of an 8x8
// tensor, undefined behaviour no verifier sees. Lowered with MLIR's runtime verification, the call
// aborts before the store, naming the op and its line in this file.
// REQUIRES: llvm-not
// RUN: not --crash xfuse-run %s --runtime-checks 2>&1 | filecheck %s
// RUN: not --crash xfuse-run %s --runtime-checks --pipeline default 2>&1 | filecheck %s

func.func @tiles(%in: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i, %j) = (0, 0) to (1, 16) step (8, 8) shared_outs (%out = %in) -> (tensor<8x8xf32>) {
    %tile = linalg.fill ins(%one : f32) outs(%out : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %out[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// CHECK: ERROR: Runtime op verification failed
// CHECK-NEXT: memref.subview {{.*}}[0, %{{.*}}] [8, 8] [1, 1] : memref<8x8xf32>
// CHECK-NEXT: out-of-bounds
// CHECK-NEXT: Location: loc("{{.*}}xfuse-run-runtime-checks.mlir":13:7)
// CHECK-NOT: Traceback
