// mlir-corpus: source=mlir/test/Dialect/MemRef/canonicalize.mlir piece=93 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe) flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fold_view_cast(%0: memref<128xi8>) -> memref<i32> {
  %c0 = arith.constant 0 : index
  %1 = memref.cast %0 : memref<128xi8> to memref<?xi8>
  %res = memref.view %1[%c0][] : memref<?xi8> to memref<i32>
  return %res : memref<i32>
}
