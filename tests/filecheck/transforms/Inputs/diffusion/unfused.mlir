// No loops yet: fill + matmul + add. With root-tile-sizes the matmul is tiled first (scf.forall),
// then the fill and the add are fused around it. Without it the pass has nothing to start from.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
  %sum = linalg.add ins(%mm, %c : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %sum : tensor<16x16xf32>
}
