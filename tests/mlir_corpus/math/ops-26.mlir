// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=26 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
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
