// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=23 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @memref_view(%arg0 : index, %arg1 : index, %arg2 : index) {
  %0 = memref.alloc() : memref<2048xi8>
  %1 = memref.view %0[%arg2][%arg0, %arg1] : memref<2048xi8> to memref<?x?xf32>

  %3 = memref.view %0[%arg2][%arg1] : memref<2048xi8> to memref<4x?xf32>

  %c0 = arith.constant 0: index
  %5 = memref.view %0[%c0][] : memref<2048xi8> to memref<64x4xf32>
  return
}
