// A payload without a schedule (the script comes from a library).
func.func @payload(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
