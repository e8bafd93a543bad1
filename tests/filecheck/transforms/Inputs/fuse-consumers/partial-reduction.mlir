// The forall tiles columns; the generic sums over columns: each iteration sees only part of
// the reduction dimension, so the reduce is not fused.
func.func @f(%a: tensor<64x32xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %r = scf.forall (%i, %j) in (4, 2) shared_outs(%o = %e) -> (tensor<64x32xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %as = tensor.extract_slice %a[%oi, %oj] [16, 16] [1, 1] : tensor<64x32xf32> to tensor<16x16xf32>
    %os = tensor.extract_slice %o[%oi, %oj] [16, 16] [1, 1] : tensor<64x32xf32> to tensor<16x16xf32>
    %x = linalg.exp ins(%as : tensor<16x16xf32>) outs(%os : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x32xf32>
    }
  }
  %e1 = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%r : tensor<64x32xf32>) outs(%acc : tensor<64xf32>) attrs = {xfuse.fuse} {
  ^bb0(%x: f32, %s: f32):
    %t = arith.addf %x, %s : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %sum : tensor<64xf32>
}
