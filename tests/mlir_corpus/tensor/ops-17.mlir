// mlir-corpus: source=mlir/test/Dialect/Tensor/ops.mlir piece=17 commit=06a15527b8676b1832600d8f7000827506ba7eaf
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_splat_op(%s : f32) {
  %v = tensor.splat %s : tensor<8xf32>

  %u = "tensor.splat"(%s) : (f32) -> tensor<4xf32>
  return
}
