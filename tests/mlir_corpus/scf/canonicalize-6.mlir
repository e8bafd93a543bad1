// mlir-corpus: source=mlir/test/Dialect/SCF/canonicalize.mlir piece=6 commit=0a956009f7a156abe668e4ff15c63558db1eb9dd
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @empty_if2(%cond: i1) {
  scf.if %cond {
    scf.yield
  } else {
    scf.yield
  }
  return
}
