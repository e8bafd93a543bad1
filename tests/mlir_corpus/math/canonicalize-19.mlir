// mlir-corpus: source=mlir/test/Dialect/Math/canonicalize.mlir piece=19 commit=008ea1c20148008c5a4bd35ce3e35f3d04c3a603
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @log10_fold() -> f32 {
  %c = arith.constant 100.0 : f32
  %r = math.log10 %c : f32
  return %r : f32
}
