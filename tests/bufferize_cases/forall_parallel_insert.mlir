// scf.forall with shared_outs: each thread writes its tile with tensor.parallel_insert_slice.
func.func @forall_parallel_insert(%a: tensor<16x8xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %init = tensor.empty() : tensor<16x8xf32>
  %r = scf.forall (%i) = (0) to (16) step (4) shared_outs(%out = %init) -> (tensor<16x8xf32>) {
    %x = tensor.extract_slice %a[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %y = tensor.extract_slice %b[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %o = tensor.extract_slice %out[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %t = linalg.mul ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %out[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  return %r : tensor<16x8xf32>
}
