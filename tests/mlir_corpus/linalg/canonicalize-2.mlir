// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=2 commit=00ffc4c915b134da3c699bfccfec7ed4fa557024
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @dce_self_linalg_copy(%arg0 : memref<?xf32>) {
  linalg.copy ins(%arg0: memref<?xf32>) outs(%arg0: memref<?xf32>)
  return
}
