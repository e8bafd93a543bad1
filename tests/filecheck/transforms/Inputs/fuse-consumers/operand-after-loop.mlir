// Only the add is marked: its second operand is computed from the loop result after the loop,
// so it can neither be sliced inside the loop nor moved above it.
func.func @f(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = tensor.empty() : tensor<32x32xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<32x32xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %as = tensor.extract_slice %a[%oi, 0] [16, 32] [1, 1] : tensor<32x32xf32> to tensor<16x32xf32>
    %os = tensor.extract_slice %o[%oi, 0] [16, 32] [1, 1] : tensor<32x32xf32> to tensor<16x32xf32>
    %x = linalg.exp ins(%as : tensor<16x32xf32>) outs(%os : tensor<16x32xf32>) -> tensor<16x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%oi, 0] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<32x32xf32>
    }
  }
  %t = tensor.empty() : tensor<32x32xf32>
  %rt = linalg.transpose ins(%r : tensor<32x32xf32>) outs(%t : tensor<32x32xf32>) permutation = [1, 0]
  %out = tensor.empty() : tensor<32x32xf32>
  %y = linalg.add ins(%r, %rt : tensor<32x32xf32>, tensor<32x32xf32>) outs(%out : tensor<32x32xf32>) attrs = {xfuse.fuse} -> tensor<32x32xf32>
  return %y : tensor<32x32xf32>
}
