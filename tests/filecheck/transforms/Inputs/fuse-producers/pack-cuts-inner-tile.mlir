// The forall tiles inner dim 2 of the packed tensor (half an inner tile of 8 per iteration): a
// pack computes whole inner tiles, so its producer fusion there is refused. The slice is marked:
// an error in both modes; the same slice unmarked gets a remark (fuse-producers.mlir).
func.func @pack_cuts_inner_tile(%x: tensor<16x16xf32>) -> tensor<2x4x8x4xf32> {
  %pe = tensor.empty() : tensor<2x4x8x4xf32>
  %px = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %pe : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  %e = tensor.empty() : tensor<2x4x8x4xf32>
  %r = scf.forall (%i, %h) in (2, 2) shared_outs(%o = %e) -> (tensor<2x4x8x4xf32>) {
    %oh = affine.apply affine_map<(d0) -> (d0 * 4)>(%h)
    %xs = tensor.extract_slice %px[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] {xfuse.fuse} : tensor<2x4x8x4xf32> to tensor<1x4x4x4xf32>
    %os = tensor.extract_slice %o[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<1x4x4x4xf32>
    %y = linalg.exp ins(%xs : tensor<1x4x4x4xf32>) outs(%os : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<1x4x4x4xf32> into tensor<2x4x8x4xf32>
    }
  }
  return %r : tensor<2x4x8x4xf32>
}
