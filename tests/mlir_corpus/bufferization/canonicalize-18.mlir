// mlir-corpus: source=mlir/test/Dialect/Bufferization/canonicalize.mlir piece=18 commit=00b172da43e9fefe6cb44f6dfdb0036226ec9c8c flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @tensor_cast_to_buffer_layout_and_memspace(%arg0 : tensor<4x6x16x32xi8>) ->
  memref<?x?x16x32xi8, strided<[?, ?, ?, 1]>, 1> {
  %0 = tensor.cast %arg0 : tensor<4x6x16x32xi8> to tensor<?x?x16x32xi8>
  %1 = bufferization.to_buffer %0 : tensor<?x?x16x32xi8> to memref<?x?x16x32xi8, strided<[?, ?, ?, 1]>, 1>
  return %1 : memref<?x?x16x32xi8, strided<[?, ?, ?, 1]>, 1>
}
