// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=19 commit=01fa7a292177dbbd81de9ca2fdc01fa0cf0839d9
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
