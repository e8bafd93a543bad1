// mlir-corpus: source=mlir/test/Dialect/Tensor/bufferize.mlir piece=31 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @tensor.reshape(%t1: tensor<?x10xf32>) -> tensor<2x2x5xf32> {

  %two = arith.constant 2 : i64
  %five = arith.constant 5 : i64

  %shape = tensor.from_elements %two, %two, %five : tensor<3xi64>

  %reshaped = tensor.reshape %t1(%shape) : (tensor<?x10xf32>, tensor<3xi64>) -> tensor<2x2x5xf32>

  return %reshaped : tensor<2x2x5xf32>
}
