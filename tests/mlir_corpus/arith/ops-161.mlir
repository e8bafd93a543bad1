// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=161 commit=01366eff1b54f6b2c21e96bae0edbf8137358f4b
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @test_constant() -> () {
  %0 = "arith.constant"(){value = 42 : i32} : () -> i32

  %1 = arith.constant 42 : i32

  %2 = arith.constant {crazy = "func.foo"} 43: index

  %3 = arith.constant 43.0 : bf16

  %4 = arith.constant dense<0> : vector<4 x i32>

  %5 = arith.constant dense<0> : tensor<42 x i32>

  %6 = arith.constant dense<0> : vector<42 x i32>

  %7 = arith.constant true

  %8 = arith.constant false

  %9 = arith.constant 340282366920938463463374607431768211455 : i128

  %10 = arith.constant 85070591730234615865843651857942052864 : i128

  return
}
