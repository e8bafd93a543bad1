// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=26 commit=1cd0a54166101a365a0aa7ce8e10732b59328387
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @clampf(%av: vector<3x4xf32>, %mv: vector<3x4xf32>, %Mv: vector<3x4xf32>,
                  %as: f32, %ms: f32, %Ms: f32,
                  %at: tensor<?xf80>, %mt: tensor<?xf80>, %Mt: tensor<?xf80>) {
  %rv = math.clampf %av to [%mv, %Mv] fastmath<fast> : vector<3x4xf32>
  %rs = math.clampf %as to [%ms, %Ms] fastmath<none> : f32
  %rt = math.clampf %at to [%mt, %Mt] : tensor<?xf80>
  return
}
