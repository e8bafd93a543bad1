// mlir-corpus: source=mlir/test/Dialect/Tensor/ops.mlir piece=3 commit=06a15527b8676b1832600d8f7000827506ba7eaf
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @extract(%arg0: tensor<?x?x?xf32>, %arg1: index) {
  %0 = tensor.extract %arg0[%arg1, %arg1, %arg1] : tensor<?x?x?xf32>
  return
}
