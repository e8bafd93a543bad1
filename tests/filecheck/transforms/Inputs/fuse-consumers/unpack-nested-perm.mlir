// The packed tensor (outer_dims_perm = [1, 0]: outer dims N1 x M1) is written by an scf.for
// inside an scf.forall, two whole 4x8 inner tiles per iteration; the unpack is fused into the
// scf.for: source tile [%i, %k] [2, 2] (outer, permuted) is dest tile [%k * 8, %i * 4] [16, 8].
func.func @f(%x: tensor<6x4x8x4xf32>) -> tensor<32x24xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<6x4x8x4xf32>
  %r = scf.forall (%i) = (0) to (6) step (2) shared_outs(%o = %e) -> (tensor<6x4x8x4xf32>) {
    %os = tensor.extract_slice %o[%i, 0, 0, 0] [2, 4, 8, 4] [1, 1, 1, 1] : tensor<6x4x8x4xf32> to tensor<2x4x8x4xf32>
    %row = scf.for %k = %c0 to %c4 step %c2 iter_args(%acc = %os) -> (tensor<2x4x8x4xf32>) {
      %xk = tensor.extract_slice %x[%i, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<6x4x8x4xf32> to tensor<2x2x8x4xf32>
      %ak = tensor.extract_slice %acc[0, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<2x2x8x4xf32>
      %y = linalg.exp ins(%xk : tensor<2x2x8x4xf32>) outs(%ak : tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32>
      %u = tensor.insert_slice %y into %acc[0, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x2x8x4xf32> into tensor<2x4x8x4xf32>
      scf.yield %u : tensor<2x4x8x4xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, 0, 0, 0] [2, 4, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> into tensor<6x4x8x4xf32>
    }
  }
  %ue = tensor.empty() : tensor<32x24xf32>
  %u = linalg.unpack %r outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %ue : tensor<6x4x8x4xf32> -> tensor<32x24xf32>
  return %u : tensor<32x24xf32>
}
