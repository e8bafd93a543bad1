// mlir-corpus: source=mlir/test/Dialect/Arith/ops.mlir piece=177 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @maximum(%v1: vector<4xf32>, %v2: vector<4xf32>,
               %sv1: vector<[4]xf32>, %sv2: vector<[4]xf32>,
               %f1: f32, %f2: f32,
               %i1: i32, %i2: i32) {
  %maximum_vector = arith.maximumf %v1, %v2 : vector<4xf32>
  %maximum_scalable_vector = arith.maximumf %sv1, %sv2 : vector<[4]xf32>
  %maximum_float = arith.maximumf %f1, %f2 : f32
  %maxnum_vector = arith.maxnumf %v1, %v2 : vector<4xf32>
  %maxnum_scalable_vector = arith.maxnumf %sv1, %sv2 : vector<[4]xf32>
  %maxnum_float = arith.maxnumf %f1, %f2 : f32
  %max_signed = arith.maxsi %i1, %i2 : i32
  %max_unsigned = arith.maxui %i1, %i2 : i32
  return
}
