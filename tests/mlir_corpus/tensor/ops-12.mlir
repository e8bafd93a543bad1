// mlir-corpus: source=mlir/test/Dialect/Tensor/ops.mlir piece=12 commit=06a15527b8676b1832600d8f7000827506ba7eaf
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @rank(%t : tensor<4x4x?xf32>) {
  %0 = "tensor.rank"(%t) : (tensor<4x4x?xf32>) -> index

  %1 = tensor.rank %t : tensor<4x4x?xf32>
  return
}
