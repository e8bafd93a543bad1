// The forall interleaves columns (stride 2): only unit strides are fused.
func.func @f(%a: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %r = scf.forall (%j) in (2) shared_outs(%o = %e) -> (tensor<16x32xf32>) {
    %as = tensor.extract_slice %a[0, %j] [16, 16] [1, 2] : tensor<16x32xf32> to tensor<16x16xf32>
    %os = tensor.extract_slice %o[0, %j] [16, 16] [1, 2] : tensor<16x32xf32> to tensor<16x16xf32>
    %x = linalg.exp ins(%as : tensor<16x16xf32>) outs(%os : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[0, %j] [16, 16] [1, 2] : tensor<16x16xf32> into tensor<16x32xf32>
    }
  }
  %out = tensor.empty() : tensor<16x32xf32>
  %y = linalg.exp ins(%r : tensor<16x32xf32>) outs(%out : tensor<16x32xf32>) attrs = {xfuse.fuse} -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}
