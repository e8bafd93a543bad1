// MLP layer relu(x @ W + b), M=512 N=512 K=512, matmul tile sizes [64, 64, 0]
func.func @mlp(%x: tensor<512x512xf32>, %w0: tensor<512x512xf32>, %b0: tensor<512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %acc_empty = tensor.empty() : tensor<512x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<512x512xf32>) -> tensor<512x512xf32>
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64, 0>} ins(%x, %w0 : tensor<512x512xf32>, tensor<512x512xf32>) outs(%acc : tensor<512x512xf32>) -> tensor<512x512xf32>
  %bias_empty = tensor.empty() : tensor<512x512xf32>
  %bias2d = linalg.broadcast ins(%b0 : tensor<512xf32>) outs(%bias_empty : tensor<512x512xf32>) dimensions = [0]
  %sum_empty = tensor.empty() : tensor<512x512xf32>
  %sum = linalg.add ins(%mm, %bias2d : tensor<512x512xf32>, tensor<512x512xf32>) outs(%sum_empty : tensor<512x512xf32>) -> tensor<512x512xf32>
  %out_empty = tensor.empty() : tensor<512x512xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<512x512xf32>) outs(%out_empty : tensor<512x512xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<512x512xf32>
  return %relu : tensor<512x512xf32>
}
