// The forall writes half an inner tile (4 of 8 rows) per iteration: an unpack reads whole inner
// tiles, so it is not fused (remark in a sweep, IR unchanged; error when marked and only-marked).
// Generic form for the unpack: xDSL's custom syntax has no attribute dictionary for the marker.
func.func @f(%x: tensor<2x4x8x4xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<2x4x8x4xf32>
  %r = scf.forall (%i, %h) in (2, 2) shared_outs(%o = %e) -> (tensor<2x4x8x4xf32>) {
    %oh = affine.apply affine_map<(d0) -> (d0 * 4)>(%h)
    %xs = tensor.extract_slice %x[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<1x4x4x4xf32>
    %os = tensor.extract_slice %o[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<1x4x4x4xf32>
    %y = linalg.exp ins(%xs : tensor<1x4x4x4xf32>) outs(%os : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0, %oh, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<1x4x4x4xf32> into tensor<2x4x8x4xf32>
    }
  }
  %ue = tensor.empty() : tensor<16x16xf32>
  %u = "linalg.unpack"(%r, %ue) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 4>}> {xfuse.fuse} : (tensor<2x4x8x4xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %u : tensor<16x16xf32>
}
