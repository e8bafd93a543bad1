// One MLP layer of the "fusion by diffusion" RFC, on tensors, before any tiling:
//   relu(input x weight + broadcast(bias))
// fill + matmul + broadcast + add + relu: the contraction and the ops diffusion fuses around it.
func.func @mlp(%input: tensor<256x512xf32>, %weight: tensor<512x1024xf32>,
               %bias: tensor<1024xf32>) -> tensor<256x1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty = tensor.empty() : tensor<256x1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64>} ins(%input, %weight : tensor<256x512xf32>, tensor<512x1024xf32>)
                      outs(%acc : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %bias_empty = tensor.empty() : tensor<256x1024xf32>
  %bias2d = linalg.broadcast ins(%bias : tensor<1024xf32>)
                             outs(%bias_empty : tensor<256x1024xf32>) dimensions = [0]
  %sum_empty = tensor.empty() : tensor<256x1024xf32>
  %sum = linalg.add ins(%mm, %bias2d : tensor<256x1024xf32>, tensor<256x1024xf32>)
                    outs(%sum_empty : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %out_empty = tensor.empty() : tensor<256x1024xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                           affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<256x1024xf32>) outs(%out_empty : tensor<256x1024xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<256x1024xf32>
  return %relu : tensor<256x1024xf32>
}
