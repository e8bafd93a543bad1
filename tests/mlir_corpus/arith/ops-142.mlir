// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=142 commit=01366eff1b54f6b2c21e96bae0edbf8137358f4b
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_bitcast_vector0(%arg0 : vector<8xi64>) -> vector<8xf64> {
  %0 = arith.bitcast %arg0 : vector<8xi64> to vector<8xf64>
  return %0 : vector<8xf64>
}
