// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=9 commit=1cd0a54166101a365a0aa7ce8e10732b59328387
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @expm1(%f: f32, %v: vector<4xf32>, %t: tensor<4x4x?xf32>) {
  %0 = math.expm1 %f : f32
  %1 = math.expm1 %v : vector<4xf32>
  %2 = math.expm1 %t : tensor<4x4x?xf32>
  return
}
