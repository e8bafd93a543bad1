// Data-tiled matmul: A and B packed, an mmt4d tiled over its outer dims (scf.forall, one whole
// 8x4 inner tile per iteration), the result unpacked to 13x10 (partial last tiles). Diffusion
// fuses both packs as producers (whole inner tiles) and the unpack as a consumer.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x12xf32>) -> tensor<13x10xf32> {
  %zero = arith.constant 0.0 : f32
  %ae = tensor.empty() : tensor<2x4x8x8xf32>
  %ap = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %ae : tensor<16x32xf32> -> tensor<2x4x8x8xf32>
  %be = tensor.empty() : tensor<3x4x4x8xf32>
  %bp = linalg.pack %b outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %be : tensor<32x12xf32> -> tensor<3x4x4x8xf32>
  %e = tensor.empty() : tensor<2x3x8x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x8x4xf32>) -> tensor<2x3x8x4xf32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %fill) -> (tensor<2x3x8x4xf32>) {
    %as = tensor.extract_slice %ap[%i, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<2x4x8x8xf32> to tensor<1x4x8x8xf32>
    %bs = tensor.extract_slice %bp[%j, 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1] : tensor<3x4x4x8xf32> to tensor<1x4x4x8xf32>
    %os = tensor.extract_slice %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<2x3x8x4xf32> to tensor<1x1x8x4xf32>
    %mm = linalg.mmt4d ins(%as, %bs : tensor<1x4x8x8xf32>, tensor<1x4x4x8xf32>) outs(%os : tensor<1x1x8x4xf32>) -> tensor<1x1x8x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<1x1x8x4xf32> into tensor<2x3x8x4xf32>
    }
  }
  %ue = tensor.empty() : tensor<13x10xf32>
  %u = linalg.unpack %r inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %ue : tensor<2x3x8x4xf32> -> tensor<13x10xf32>
  return %u : tensor<13x10xf32>
}
