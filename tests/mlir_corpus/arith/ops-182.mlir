// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=182 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @intflags_func(%arg0: i64, %arg1: i64) {
  %0 = arith.addi %arg0, %arg1 overflow<nsw> : i64
  %1 = arith.subi %arg0, %arg1 overflow<nuw> : i64
  %2 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i64
  %3 = arith.shli %arg0, %arg1 overflow<nsw, nuw> : i64
  %4 = arith.trunci %arg0 overflow<nsw, nuw> : i64 to i32
  return
}
