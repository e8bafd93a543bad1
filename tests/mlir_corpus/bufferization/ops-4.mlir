// mlir-corpus: source=mlir/test/Dialect/Bufferization/ops.mlir piece=4 commit=0191d3acf375c89b82b1f2e58d61d96d39e0230a
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_dealloc_tensor_op(%arg0: tensor<4xi32>) {
  bufferization.dealloc_tensor %arg0 : tensor<4xi32>
  return
}
