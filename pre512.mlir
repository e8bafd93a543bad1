// data-tiled MLP layer, M=512 N=512 K=512, inner tiles 16x16x1
func.func @mlp(%x_packed: tensor<32x512x16x1xf32>, %w_packed: tensor<32x512x16x1xf32>, %b0: tensor<512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %acc_empty = tensor.empty() : tensor<32x32x16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<32x32x16x16xf32>) -> tensor<32x32x16x16xf32>
  %mm = linalg.mmt4d {xfuse.tile_sizes = array<i64: 4, 4, 0, 0, 0, 0>} ins(%x_packed, %w_packed : tensor<32x512x16x1xf32>, tensor<32x512x16x1xf32>) outs(%acc : tensor<32x32x16x16xf32>) -> tensor<32x32x16x16xf32>
  %unpacked_empty = tensor.empty() : tensor<512x512xf32>
  %unpacked = linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %unpacked_empty
      : tensor<32x32x16x16xf32> -> tensor<512x512xf32>
  %bias_empty = tensor.empty() : tensor<512x512xf32>
  %bias2d = linalg.broadcast ins(%b0 : tensor<512xf32>) outs(%bias_empty : tensor<512x512xf32>) dimensions = [0]
  %sum_empty = tensor.empty() : tensor<512x512xf32>
  %sum = linalg.add ins(%unpacked, %bias2d : tensor<512x512xf32>, tensor<512x512xf32>) outs(%sum_empty : tensor<512x512xf32>) -> tensor<512x512xf32>
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
