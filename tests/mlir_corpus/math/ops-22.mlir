// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=22 commit=1cd0a54166101a365a0aa7ce8e10732b59328387
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @ipowi(%i: i32, %v: vector<4xi32>, %t: tensor<4x4x?xi32>) {
  %0 = math.ipowi %i, %i : i32
  %1 = math.ipowi %v, %v : vector<4xi32>
  %2 = math.ipowi %t, %t : tensor<4x4x?xi32>
  return
}
