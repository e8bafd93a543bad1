// A marked slice of a function argument: there is no producer to fuse.
func.func @no_producer(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %x) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %s = tensor.extract_slice %x[%off] [4] [1] {xfuse.fuse} : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}
