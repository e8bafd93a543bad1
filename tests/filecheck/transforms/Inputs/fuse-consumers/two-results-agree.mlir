// One forall computes two results on the same tile; linalg.add reads both: the tiles agree.
func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e0 = tensor.empty() : tensor<64x64xf32>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %r:2 = scf.forall (%i, %j) in (4, 4) shared_outs(%o0 = %e0, %o1 = %e1) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %as = tensor.extract_slice %a[%oi, %oj] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %bs = tensor.extract_slice %b[%oi, %oj] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %s0 = tensor.extract_slice %o0[%oi, %oj] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %s1 = tensor.extract_slice %o1[%oi, %oj] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %x = linalg.exp ins(%as : tensor<16x16xf32>) outs(%s0 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %y = linalg.mul ins(%as, %bs : tensor<16x16xf32>, tensor<16x16xf32>) outs(%s1 : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o0[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x64xf32>
      tensor.parallel_insert_slice %y into %o1[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x64xf32>
    }
  }
  %out = tensor.empty() : tensor<64x64xf32>
  %sum = linalg.add ins(%r#0, %r#1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%out : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %sum : tensor<64x64xf32>
}
