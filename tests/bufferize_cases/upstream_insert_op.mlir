// Adapted from MLIR 22 mlir/test/Dialect/Tensor/one-shot-bufferize.mlir (@insert_op).
func.func @upstream_insert_op(%t1 : tensor<?xf32>, %s : f32, %i : index) -> tensor<?xf32> {
  %0 = tensor.insert %s into %t1[%i] : tensor<?xf32>
  return %0 : tensor<?xf32>
}
