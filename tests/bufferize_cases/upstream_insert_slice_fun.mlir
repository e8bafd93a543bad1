// Adapted from MLIR 22 mlir/test/Dialect/Tensor/one-shot-bufferize.mlir (@insert_slice_fun):
// insert_slices into read-only and read-after arguments.
func.func @upstream_insert_slice_fun(%A0 : tensor<?xf32>, %A1 : tensor<?xf32>, %t0 : tensor<4xf32>, %t1 : tensor<4xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r0 = tensor.insert_slice %t0 into %A0[0][4][1] : tensor<4xf32> into tensor<?xf32>
  %r1 = tensor.insert_slice %t1 into %A0[0][4][1] : tensor<4xf32> into tensor<?xf32>
  %r2 = tensor.insert_slice %t0 into %A1[0][4][1] : tensor<4xf32> into tensor<?xf32>
  %r3 = tensor.insert_slice %t1 into %A1[0][4][1] : tensor<4xf32> into tensor<?xf32>
  return %r0, %r1, %r2, %r3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
