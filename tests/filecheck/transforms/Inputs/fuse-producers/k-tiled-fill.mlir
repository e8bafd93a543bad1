// The classic wrong fusion (which upstream MLIR still performs): a linalg.fill reaching the
// matmul through the iter_args of the loop that tiles K. Fused inside, the fill would zero the
// accumulator at every K step. The slice is marked, so the refusal is an error naming the loop.
func.func @k_tiled(%a: tensor<16x32xf32>, %b: tensor<32x24xf32>) -> tensor<16x24xf32> {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %e = tensor.empty() : tensor<16x24xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc_i = %fill) -> (tensor<16x24xf32>) {
    %r_j = scf.for %j = %c0 to %c24 step %c8 iter_args(%acc_j = %acc_i) -> (tensor<16x24xf32>) {
      %r_k = scf.for %k = %c0 to %c32 step %c8 iter_args(%acc = %acc_j) -> (tensor<16x24xf32>) {
        %ak = tensor.extract_slice %a[%i, %k] [4, 8] [1, 1] : tensor<16x32xf32> to tensor<4x8xf32>
        %bk = tensor.extract_slice %b[%k, %j] [8, 8] [1, 1] : tensor<32x24xf32> to tensor<8x8xf32>
        %os = tensor.extract_slice %acc[%i, %j] [4, 8] [1, 1] {xfuse.fuse} : tensor<16x24xf32> to tensor<4x8xf32>
        %mm = linalg.matmul ins(%ak, %bk : tensor<4x8xf32>, tensor<8x8xf32>) outs(%os : tensor<4x8xf32>) -> tensor<4x8xf32>
        %ins = tensor.insert_slice %mm into %acc[%i, %j] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x24xf32>
        scf.yield %ins : tensor<16x24xf32>
      }
      scf.yield %r_k : tensor<16x24xf32>
    }
    scf.yield %r_j : tensor<16x24xf32>
  }
  return %r : tensor<16x24xf32>
}
