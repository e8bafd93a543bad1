// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=29 commit=01fa7a292177dbbd81de9ca2fdc01fa0cf0839d9
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @rank(%t : memref<4x4x?xf32>) {
  %0 = "memref.rank"(%t) : (memref<4x4x?xf32>) -> index

  %1 = memref.rank %t : memref<4x4x?xf32>
  return
}
