// mlir-corpus: source=mlir/test/Dialect/MemRef/canonicalize.mlir piece=18 commit=01fa7a292177dbbd81de9ca2fdc01fa0cf0839d9 flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @dim_of_alloca(%size: index) -> index {
  %0 = memref.alloca(%size) : memref<?xindex>
  %c0 = arith.constant 0 : index
  %1 = memref.dim %0, %c0 : memref<?xindex>
  return %1 : index
}
