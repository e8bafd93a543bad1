// mlir-corpus: source=mlir/test/Dialect/SCF/ops.mlir piece=10 commit=c2503de8d4db30a51b6be6397fb2ed3d0301e356
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @infinite_while() {
  %true = arith.constant true

  scf.while : () -> () {
    scf.condition(%true)
  } do {
    scf.yield
  }
  return
}
