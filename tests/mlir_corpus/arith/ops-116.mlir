// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=116 commit=01366eff1b54f6b2c21e96bae0edbf8137358f4b
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_fptoui(%arg0 : bf16) -> i8 {
  %0 = arith.fptoui %arg0 : bf16 to i8
  return %0 : i8
}
