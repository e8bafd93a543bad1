// mlir-corpus: source=mlir/test/Dialect/Linalg/roundtrip.mlir piece=28 commit=06887db22dc3ef6df6d76cb675c246401811b53c
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @broadcast_memref(%input: memref<8x32xf32>,
                            %init: memref<8x16x32xf32>) {
  linalg.broadcast
      ins(%input:memref<8x32xf32>)
      outs(%init:memref<8x16x32xf32>)
      dimensions = [1]
  func.return
}
