// A row sum of a tiled matmul. The nest: an scf.forall over 8-row tiles, an scf.for over
// 8-column tiles, an scf.for over K (each writing through an insert_slice). The row sum is
// refused in the K loop (an accumulation), refused in the column loop (its tile cuts the
// reduction d1), and fused in the forall, where its reduction is whole; then its fill is fused.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %init: tensor<16x16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %mm = scf.forall (%i) = (0) to (16) step (8) shared_outs(%o = %init) -> (tensor<16x16xf32>) {
    %os = tensor.extract_slice %o[%i, 0] [8, 16] [1, 1] : tensor<16x16xf32> to tensor<8x16xf32>
    %cols = scf.for %j = %c0 to %c16 step %c8 iter_args(%a0 = %os) -> (tensor<8x16xf32>) {
      %a0s = tensor.extract_slice %a0[0, %j] [8, 8] [1, 1] : tensor<8x16xf32> to tensor<8x8xf32>
      %red = scf.for %k = %c0 to %c32 step %c8 iter_args(%a1 = %a0s) -> (tensor<8x8xf32>) {
        %as = tensor.extract_slice %a[%i, %k] [8, 8] [1, 1] : tensor<16x32xf32> to tensor<8x8xf32>
        %bs = tensor.extract_slice %b[%k, %j] [8, 8] [1, 1] : tensor<32x16xf32> to tensor<8x8xf32>
        %t = linalg.matmul ins(%as, %bs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%a1 : tensor<8x8xf32>) -> tensor<8x8xf32>
        %ti = tensor.insert_slice %t into %a1[0, 0] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
        scf.yield %ti : tensor<8x8xf32>
      }
      %ri = tensor.insert_slice %red into %a0[0, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x16xf32>
      scf.yield %ri : tensor<8x16xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %cols into %o[%i, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<16x16xf32>
    }
  }
  %e = tensor.empty() : tensor<16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<16x16xf32>) outs(%acc : tensor<16xf32>) {
  ^bb0(%x: f32, %s: f32):
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %sum : tensor<16xf32>
}
