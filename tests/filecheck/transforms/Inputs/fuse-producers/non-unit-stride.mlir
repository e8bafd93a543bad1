// The producer is marked; the loop reads it with stride 2: refused (unit strides only).
func.func @strided(%x: tensor<16x16xf32>) -> tensor<16x8xf32> {
  %ea = tensor.empty() : tensor<16x16xf32>
  %ex = linalg.exp ins(%x : tensor<16x16xf32>) outs(%ea : tensor<16x16xf32>) attrs = {xfuse.fuse} -> tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x8xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %e) -> (tensor<16x8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %s = tensor.extract_slice %ex[%off, 0] [4, 8] [1, 2] : tensor<16x16xf32> to tensor<4x8xf32>
    %os = tensor.extract_slice %o[%off, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %c = linalg.copy ins(%s : tensor<4x8xf32>) outs(%os : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %o[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  return %r : tensor<16x8xf32>
}
