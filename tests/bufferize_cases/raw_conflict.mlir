// Read after write: the matmul accumulates into the filled %f, but %f is read again afterwards
// (by the add), so the matmul cannot write into %f's buffer in place: one copy of %f.
func.func @raw_conflict(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %s = linalg.add ins(%f, %m : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m, %s : tensor<8x8xf32>, tensor<8x8xf32>
}
