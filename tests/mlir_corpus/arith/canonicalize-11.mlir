// mlir-corpus: source=mlir/test/Dialect/Arith/canonicalize.mlir piece=11 commit=83fe496d573d2b3033afa17f3ef92db4e2002339
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @selToNot(%arg0: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  %res = arith.select %arg0, %false, %true : i1
  return %res : i1
}
