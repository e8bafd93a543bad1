// The inner scf.for accumulates over k into one tile (same offsets on every iteration): the
// matmul tile is final only after it, so the consumer is fused in the forall, after the for.
func.func @f(%a: tensor<32x64xf32>, %b: tensor<64x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %e = tensor.empty() : tensor<32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %init) -> (tensor<32x32xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %os = tensor.extract_slice %o[%oi, %oj] [16, 16] [1, 1] : tensor<32x32xf32> to tensor<16x16xf32>
    %acc = scf.for %k = %c0 to %c64 step %c16 iter_args(%t = %os) -> (tensor<16x16xf32>) {
      %as = tensor.extract_slice %a[%oi, %k] [16, 16] [1, 1] : tensor<32x64xf32> to tensor<16x16xf32>
      %bs = tensor.extract_slice %b[%k, %oj] [16, 16] [1, 1] : tensor<64x32xf32> to tensor<16x16xf32>
      %ts = tensor.extract_slice %t[0, 0] [16, 16] [1, 1] : tensor<16x16xf32> to tensor<16x16xf32>
      %m = linalg.matmul ins(%as, %bs : tensor<16x16xf32>, tensor<16x16xf32>) outs(%ts : tensor<16x16xf32>) -> tensor<16x16xf32>
      %u = tensor.insert_slice %m into %t[0, 0] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<16x16xf32>
      scf.yield %u : tensor<16x16xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %acc into %o[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<32x32xf32>
    }
  }
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<32x32xf32>) outs(%c : tensor<32x32xf32>) {
  ^bb0(%x: f32, %z: f32):
    // reads its destination: a partial sum fused into the k loop would be wrong here
    %s = arith.addf %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
