// mlir-corpus: source=mlir/test/Dialect/Arith/canonicalize.mlir piece=36 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @bitcastChain(%arg: i16) -> f16 {
  %0 = arith.bitcast %arg : i16 to bf16
  %1 = arith.bitcast %0 : bf16 to f16
  return %1 : f16
}
