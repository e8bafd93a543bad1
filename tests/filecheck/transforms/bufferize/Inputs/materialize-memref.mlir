func.func @materialize_memref(%a: tensor<4xf32>, %out: memref<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %x in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %x : tensor<4xf32>
  return
}

func.func @materialize_memref_read_between(%a: tensor<4xf32>, %out: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %old = memref.load %out[%c0] : memref<4xf32>
  bufferization.materialize_in_destination %x in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
  return %old : f32
}
