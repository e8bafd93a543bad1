// mlir-corpus: source=mlir/test/Dialect/Math/ops.mlir piece=25 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fpclassify(%f: f32, %d: f64, %v: vector<4xf32>, %t: tensor<4x?xf32>) {
  math.isfinite %f : f32
  math.isfinite %d : f64
  math.isfinite %v : vector<4xf32>
  math.isfinite %t : tensor<4x?xf32>
  math.isinf %f : f32
  math.isinf %d : f64
  math.isinf %v : vector<4xf32>
  math.isinf %t : tensor<4x?xf32>
  math.isnan %f : f32
  math.isnan %d : f64
  math.isnan %v : vector<4xf32>
  math.isnan %t : tensor<4x?xf32>
  math.isnormal %f : f32
  math.isnormal %d : f64
  math.isnormal %v : vector<4xf32>
  math.isnormal %t : tensor<4x?xf32>
  return
}
