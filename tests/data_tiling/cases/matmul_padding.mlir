// CASE: target=x86_64-avx512 expect=linalg.mmt4d
// Shapes the 16x16x1 tiles do not divide: M, N and K are padded with zeros, the unpack drops it.
func.func @matmul_padding(%a: tensor<37x13xf32>, %b: tensor<13x21xf32>) -> tensor<37x21xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x21xf32>
  %c = linalg.fill ins(%cst : f32) outs(%e : tensor<37x21xf32>) -> tensor<37x21xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<37x13xf32>, tensor<13x21xf32>) outs(%c : tensor<37x21xf32>) -> tensor<37x21xf32>
  return %0 : tensor<37x21xf32>
}
