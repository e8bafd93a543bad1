// mlir-corpus: source=mlir/test/Dialect/MemRef/canonicalize.mlir piece=14 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe) flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @no_fold_subview_negative_size(%input: memref<4x1024xf32>) -> memref<?x256xf32, strided<[1024, 1], offset: 2304>> {
  %cst = arith.constant -13 : index
  %0 = memref.subview %input[2, 256] [%cst, 256] [1, 1] : memref<4x1024xf32> to memref<?x256xf32, strided<[1024, 1], offset: 2304>>
  return %0 : memref<?x256xf32, strided<[1024, 1], offset: 2304>>
}
