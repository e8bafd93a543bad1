// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=27 commit=01fa7a292177dbbd81de9ca2fdc01fa0cf0839d9
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
memref.global @memref0 : memref<2xf32>

memref.global constant @memref1 : memref<2xf32> = dense<[0.0, 1.0]>

memref.global @memref2 : memref<2xf32>  = uninitialized

memref.global "private" @memref3 : memref<2xf32>  = uninitialized

memref.global "private" constant @memref4 : memref<2xf32>  = uninitialized

func.func @read_global_memref() {
  %0 = memref.get_global @memref0 : memref<2xf32>
  return
}
