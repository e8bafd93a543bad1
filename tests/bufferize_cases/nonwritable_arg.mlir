// The destination is a function argument marked non-writable: the matmul may not accumulate into
// the caller's buffer, and it reads its init, so it needs a new buffer holding a copy of %acc
// (one alloc, one copy).
func.func @nonwritable_arg(%a: tensor<8x8xf32>, %acc: tensor<8x8xf32> {bufferization.writable = false}) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
