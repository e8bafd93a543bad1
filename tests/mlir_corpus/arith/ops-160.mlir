// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=160 commit=01366eff1b54f6b2c21e96bae0edbf8137358f4b
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @bitcast(%arg : f32) -> i32 {
  %res = arith.bitcast %arg : f32 to i32
  return %res : i32
}
