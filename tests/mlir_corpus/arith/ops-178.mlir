// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=178 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @minimum(%v1: vector<4xf32>, %v2: vector<4xf32>,
               %sv1: vector<[4]xf32>, %sv2: vector<[4]xf32>,
               %f1: f32, %f2: f32,
               %i1: i32, %i2: i32) {
  %minimum_vector = arith.minimumf %v1, %v2 : vector<4xf32>
  %minimum_scalable_vector = arith.minimumf %sv1, %sv2 : vector<[4]xf32>
  %minimum_float = arith.minimumf %f1, %f2 : f32
  %minnum_vector = arith.minnumf %v1, %v2 : vector<4xf32>
  %minnum_scalable_vector = arith.minnumf %sv1, %sv2 : vector<[4]xf32>
  %minnum_float = arith.minnumf %f1, %f2 : f32
  %min_signed = arith.minsi %i1, %i2 : i32
  %min_unsigned = arith.minui %i1, %i2 : i32
  return
}
