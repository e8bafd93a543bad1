// mlir-corpus: source=mlir/test/Dialect/Bufferization/canonicalize.mlir piece=2 commit=00b172da43e9fefe6cb44f6dfdb0036226ec9c8c flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @canonicalize_buffer_cast_of_tensor_load_different_address_space(%arg0: memref<?xf32, 2>)
    -> memref<?xf32, 7> {
  %0 = bufferization.to_tensor %arg0 : memref<?xf32, 2> to tensor<?xf32, 7>
  %1 = bufferization.to_buffer %0 : tensor<?xf32, 7> to memref<?xf32, 7>
  return %1 : memref<?xf32, 7>
}
