// seeds=marked with root-tile-sizes: the marked exp (not in a loop yet) is tiled first, then
// diffused from; the unmarked matmul is neither tiled nor a seed.
func.func @f(%x: tensor<16x32xf32>, %b: tensor<16x32xf32>, %w: tensor<32x8xf32>, %c: tensor<16x8xf32>) -> (tensor<16x32xf32>, tensor<16x8xf32>) {
  %e = tensor.empty() : tensor<16x32xf32>
  %y = linalg.exp ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) attrs = {xfuse.diffusion_seed} -> tensor<16x32xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %s = linalg.add ins(%y, %b : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x8xf32>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %s, %mm : tensor<16x32xf32>, tensor<16x8xf32>
}
