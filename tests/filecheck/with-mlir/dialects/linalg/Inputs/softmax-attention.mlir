func.func @attention(%scores: tensor<8x16xf32>, %v: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %init = tensor.empty() : tensor<8x16xf32>
  %p = linalg.softmax dimension(1) ins(%scores : tensor<8x16xf32>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<8x4xf32>
  %o = linalg.fill ins(%zero : f32) outs(%oe : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul {xfuse.tile_sizes = array<i64: 2, 0, 0>} ins(%p, %v : tensor<8x16xf32>, tensor<16x4xf32>) outs(%o : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
