// linalg.reduce over columns fused into a forall tiling only rows: each iteration sees whole rows.
func.func @f(%a: tensor<64x32xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %e) -> (tensor<64x32xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %as = tensor.extract_slice %a[%oi, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %os = tensor.extract_slice %o[%oi, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %x = linalg.exp ins(%as : tensor<16x32xf32>) outs(%os : tensor<16x32xf32>) -> tensor<16x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%oi, 0] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<64x32xf32>
    }
  }
  %e1 = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.reduce ins(%r : tensor<64x32xf32>) outs(%acc : tensor<64xf32>) dimensions = [1]
    (%in: f32, %s: f32) {
      %t = arith.addf %in, %s : f32
      linalg.yield %t : f32
    }
  return %sum : tensor<64xf32>
}
