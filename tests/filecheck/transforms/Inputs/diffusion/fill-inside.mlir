// The fill is already inside the loop nest (it initializes the K loop of each forall tile): it is
// not fused again (remark), diffusion continues from it, and the consumer goes after the K loop.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %init: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %mm = scf.forall (%i, %j) = (0, 0) to (16, 16) step (8, 8) shared_outs(%o = %init) -> (tensor<16x16xf32>) {
    %os = tensor.extract_slice %o[%i, %j] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%os : tensor<8x8xf32>) -> tensor<8x8xf32>
    %red = scf.for %k = %c0 to %c32 step %c8 iter_args(%acc = %f) -> (tensor<8x8xf32>) {
      %as = tensor.extract_slice %a[%i, %k] [8, 8] [1, 1] : tensor<16x32xf32> to tensor<8x8xf32>
      %bs = tensor.extract_slice %b[%k, %j] [8, 8] [1, 1] : tensor<32x16xf32> to tensor<8x8xf32>
      %t = linalg.matmul ins(%as, %bs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>
      scf.yield %t : tensor<8x8xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %red into %o[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
    }
  }
  %e = tensor.empty() : tensor<16x16xf32>
  %exp = linalg.exp ins(%mm : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %exp : tensor<16x16xf32>
}
