// to_buffer / to_tensor: the memref of a tensor and back; a to_tensor without `writable` is
// not written in place (the fill writes a copy), a `restrict writable` one is.
func.func @to_buffer_to_tensor(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %m = bufferization.to_buffer %a read_only : tensor<4x4xf32> to memref<4x4xf32>
  %t = bufferization.to_tensor %m restrict : memref<4x4xf32> to tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.add ins(%t, %t : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %n = memref.alloc() : memref<4x4xf32>
  %w = bufferization.to_tensor %n restrict writable : memref<4x4xf32> to tensor<4x4xf32>
  %f = linalg.fill ins(%one : f32) outs(%w : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = linalg.add ins(%f, %r : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r, %g : tensor<4x4xf32>, tensor<4x4xf32>
}
