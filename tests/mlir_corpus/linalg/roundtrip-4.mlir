// mlir-corpus: source=mlir/test/Dialect/Linalg/roundtrip.mlir piece=4 commit=06887db22dc3ef6df6d76cb675c246401811b53c
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fill_view3(%arg0: memref<?x?x?xf32, strided<[?, ?, 1]>>, %arg1: f32) {
  linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<?x?x?xf32, strided<[?, ?, 1]>>)
  return
}
