// mlir-corpus: source=mlir/test/Dialect/Tensor/ops.mlir piece=1 commit=06a15527b8676b1832600d8f7000827506ba7eaf
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @empty(%sz: index) -> tensor<5x?x6xf32> {
  %0 = tensor.empty(%sz) : tensor<5x?x6xf32>
  return %0 : tensor<5x?x6xf32>
}
