// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=15 commit=1cd0a54166101a365a0aa7ce8e10732b59328387
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fpowi(%b: f32, %p: i32, %vb: vector<4xf64>, %vp: vector<4xi16>, %tb: tensor<4x3x?xf16>, %tp: tensor<4x3x?xi64>) {
  %0 = math.fpowi %b, %p : f32, i32
  %1 = math.fpowi %vb, %vp : vector<4xf64>, vector<4xi16>
  %2 = math.fpowi %tb, %tp : tensor<4x3x?xf16>, tensor<4x3x?xi64>
  return
}
