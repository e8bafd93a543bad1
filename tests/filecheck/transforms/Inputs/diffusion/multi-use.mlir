// A multi-use producer: %ea = exp(a) feeds the tiled matmul and is also returned. Its tile is
// recomputed inside the forall; the original stays for the return.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %init: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x32xf32>) {
  %e = tensor.empty() : tensor<16x32xf32>
  %ea = linalg.exp ins(%a : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = scf.forall (%i, %j) = (0, 0) to (16, 16) step (8, 8) shared_outs(%o = %init) -> (tensor<16x16xf32>) {
    %as = tensor.extract_slice %ea[%i, 0] [8, 32] [1, 1] : tensor<16x32xf32> to tensor<8x32xf32>
    %bs = tensor.extract_slice %b[0, %j] [32, 8] [1, 1] : tensor<32x16xf32> to tensor<32x8xf32>
    %os = tensor.extract_slice %o[%i, %j] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
    %t = linalg.matmul ins(%as, %bs : tensor<8x32xf32>, tensor<32x8xf32>) outs(%os : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
    }
  }
  return %mm, %ea : tensor<16x16xf32>, tensor<16x32xf32>
}
