// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=152 commit=01366eff1b54f6b2c21e96bae0edbf8137358f4b
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_cmpi_vector_0d(%arg0 : vector<i64>, %arg1 : vector<i64>) -> vector<i1> {
  %0 = arith.cmpi ult, %arg0, %arg1 : vector<i64>
  return %0 : vector<i1>
}
