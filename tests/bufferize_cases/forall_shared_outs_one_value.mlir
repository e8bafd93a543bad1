// Regression (issue 9, defect 1): two scf.forall shared_outs initialised with one tensor (what cse
// leaves after diffusion) need two buffers, or the second result overwrites the first.
func.func @d1(%a: tensor<24x48xf32>, %b: tensor<24x48xf32>) -> (tensor<24x48xf32>, tensor<24x48xf32>) {
  %v = tensor.empty() : tensor<24x48xf32>
  %r:2 = scf.forall (%i, %j) = (0, 0) to (24, 48) step (16, 32) shared_outs(%o1 = %v, %o2 = %v) -> (tensor<24x48xf32>, tensor<24x48xf32>) {
    %s0 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 24))> (%i)
    %s1 = affine.min affine_map<(d0) -> (32, ((d0 * -1) + 48))> (%j)
    %x = tensor.extract_slice %a[%i, %j] [%s0, %s1] [1, 1] : tensor<24x48xf32> to tensor<?x?xf32>
    %y = tensor.extract_slice %b[%i, %j] [%s0, %s1] [1, 1] : tensor<24x48xf32> to tensor<?x?xf32>
    %e1 = tensor.empty(%s0, %s1) : tensor<?x?xf32>
    %r1 = linalg.add ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e1 : tensor<?x?xf32>) -> tensor<?x?xf32>
    %e2 = tensor.empty(%s0, %s1) : tensor<?x?xf32>
    %r2 = linalg.mul ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %r1 into %o1[%i, %j] [%s0, %s1] [1, 1] : tensor<?x?xf32> into tensor<24x48xf32>
      tensor.parallel_insert_slice %r2 into %o2[%i, %j] [%s0, %s1] [1, 1] : tensor<?x?xf32> into tensor<24x48xf32>
    }
  }
  return %r#0, %r#1 : tensor<24x48xf32>, tensor<24x48xf32>
}
