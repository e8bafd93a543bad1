// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=176 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
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
