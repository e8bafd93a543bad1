// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=23 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @trunc(%f: f32, %v: vector<4xf32>, %t: tensor<4x4x?xf32>) {
  %0 = math.trunc %f : f32
  %1 = math.trunc %v : vector<4xf32>
  %2 = math.trunc %t : tensor<4x4x?xf32>
  return
}
