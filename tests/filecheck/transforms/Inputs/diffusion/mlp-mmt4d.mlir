// Data-tiled MLP layer relu(unpack(mmt4d(pack(x), pack(W))) + b), M=64 N=64 K=32, 16x16x1 inner tiles;
// the mmt4d is marked for 2x2 outer tiles (32x32 elements) (benchmarks/mlp_models.py, mlp_mmt4d_module).
func.func @mlp(%x: tensor<64x32xf32>, %w0: tensor<32x64xf32>, %b0: tensor<64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %x_empty = tensor.empty() : tensor<4x32x16x1xf32>
  %x_packed = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [16, 1] into %x_empty
      : tensor<64x32xf32> -> tensor<4x32x16x1xf32>
  %w_empty = tensor.empty() : tensor<4x32x16x1xf32>
  %w_packed = linalg.pack %w0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 1] into %w_empty
      : tensor<32x64xf32> -> tensor<4x32x16x1xf32>
  %acc_empty = tensor.empty() : tensor<4x4x16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<4x4x16x16xf32>) -> tensor<4x4x16x16xf32>
  %mm = linalg.mmt4d {xfuse.tile_sizes = array<i64: 2, 2, 0, 0, 0, 0>} ins(%x_packed, %w_packed : tensor<4x32x16x1xf32>, tensor<4x32x16x1xf32>) outs(%acc : tensor<4x4x16x16xf32>) -> tensor<4x4x16x16xf32>
  %unpacked_empty = tensor.empty() : tensor<64x64xf32>
  %unpacked = linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %unpacked_empty
      : tensor<4x4x16x16xf32> -> tensor<64x64xf32>
  %bias_empty = tensor.empty() : tensor<64x64xf32>
  %bias2d = linalg.broadcast ins(%b0 : tensor<64xf32>) outs(%bias_empty : tensor<64x64xf32>) dimensions = [0]
  %sum_empty = tensor.empty() : tensor<64x64xf32>
  %sum = linalg.add ins(%unpacked, %bias2d : tensor<64x64xf32>, tensor<64x64xf32>) outs(%sum_empty : tensor<64x64xf32>) -> tensor<64x64xf32>
  %out_empty = tensor.empty() : tensor<64x64xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<64x64xf32>) outs(%out_empty : tensor<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  return %relu : tensor<64x64xf32>
}

