// Adapted from MLIR 22 mlir/test/Dialect/Tensor/one-shot-bufferize.mlir (@insert_slice_fun,
// second and third forms): an insert_slice overwritten by a fill, and a fill then an insert_slice.
func.func @upstream_insert_slice_then_fill(%A : tensor<?xf32>, %t : tensor<4xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %f0 = arith.constant 0.0 : f32
  %r0 = tensor.insert_slice %t into %A[0][4][1] : tensor<4xf32> into tensor<?xf32>
  %r1 = linalg.fill ins(%f0 : f32) outs(%r0 : tensor<?xf32>) -> tensor<?xf32>
  %s0 = linalg.fill ins(%f0 : f32) outs(%A : tensor<?xf32>) -> tensor<?xf32>
  %s1 = tensor.insert_slice %t into %s0[0][4][1] : tensor<4xf32> into tensor<?xf32>
  return %r1, %s1 : tensor<?xf32>, tensor<?xf32>
}
