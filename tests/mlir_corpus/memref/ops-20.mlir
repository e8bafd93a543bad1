// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=20 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @load_store_prefetch(memref<4x4xi32>, index) {
^bb0(%0: memref<4x4xi32>, %1: index):
  %2 = "memref.load"(%0, %1, %1) : (memref<4x4xi32>, index, index)->i32

  %3 = memref.load %0[%1, %1] : memref<4x4xi32>

  memref.prefetch %0[%1, %1], write, locality<1>, data : memref<4x4xi32>

  memref.prefetch %0[%1, %1], read, locality<3>, instr : memref<4x4xi32>

  return
}
