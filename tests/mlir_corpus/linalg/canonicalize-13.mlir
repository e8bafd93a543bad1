// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=13 commit=00ffc4c915b134da3c699bfccfec7ed4fa557024
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @self_copy(%arg0 : memref<2x3x?x4xf32>) {

  memref.copy %arg0, %arg0 : memref<2x3x?x4xf32> to memref<2x3x?x4xf32>

  return
}
