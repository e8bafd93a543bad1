// mlir-corpus: source=mlir/test/Dialect/Bufferization/canonicalize.mlir piece=1 commit=00b172da43e9fefe6cb44f6dfdb0036226ec9c8c flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @buffer_cast_of_tensor_load(%arg0: memref<?xf32>) -> memref<?xf32> {
  %0 = bufferization.to_tensor %arg0 : memref<?xf32> to tensor<?xf32>
  %1 = bufferization.to_buffer %0 : tensor<?xf32> to memref<?xf32>
  return %1 : memref<?xf32>
}
