// Adapted from MLIR 22 mlir/test/Dialect/Tensor/one-shot-bufferize.mlir (@tensor_cast_not_in_place):
// a cast of %A, inserted into %A at another offset. (Upstream casts the dynamic %A to
// tensor<4xf32>; the runner gives dynamic dims size 8, so here the cast is to tensor<8xf32> and
// its first 4 elements are inserted: a cast to a wrong static size is undefined behaviour.)
func.func @upstream_tensor_cast_not_in_place(%A : tensor<?xf32>, %idx: index) -> tensor<?xf32> {
  %r0 = tensor.cast %A : tensor<?xf32> to tensor<8xf32>
  %h = tensor.extract_slice %r0[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %r1 = tensor.insert_slice %h into %A[%idx][4][1] : tensor<4xf32> into tensor<?xf32>
  return %r1 : tensor<?xf32>
}
