// mlir-corpus: source=mlir/test/Dialect/Math/canonicalize.mlir piece=16 commit=008ea1c20148008c5a4bd35ce3e35f3d04c3a603
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @ctlz_fold2() -> i8 {
  %c = arith.constant 1 : i8
  %r = math.ctlz %c : i8
  return %r : i8
}
