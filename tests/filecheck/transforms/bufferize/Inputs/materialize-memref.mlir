func.func @materialize_memref(%a: tensor<4xf32>, %out: memref<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %x in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %x : tensor<4xf32>
  return
}
