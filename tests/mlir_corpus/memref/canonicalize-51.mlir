// mlir-corpus: source=mlir/test/Dialect/MemRef/canonicalize.mlir piece=51 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe) flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @no_fold_subview_with_non_zero_offset(%arg0 : memref<20x42xf32>) -> memref<20x41xf32, strided<[42, 1], offset: 1>> {
  %0 = memref.subview %arg0[0, 1] [20, 41] [1, 1] : memref<20x42xf32> to memref<20x41xf32, strided<[42, 1], offset: 1>>
  return %0 : memref<20x41xf32, strided<[42, 1], offset: 1>>
}
