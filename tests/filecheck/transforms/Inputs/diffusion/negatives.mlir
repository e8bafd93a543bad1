// What diffusion refuses, each with its remark, leaving the IR equivalent:
// - %sym reads the loop result on transposed tiles (operand tiles disagree);
// - %acc2 writes into the loop result itself (its destination operand is the nest's result);
// - %ea is read through a slice with stride 2 (non-unit strides).
func.func @f(%a: tensor<32x32xf32>, %b: tensor<32x16xf32>, %c: tensor<16x16xf32>, %init: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %e = tensor.empty() : tensor<32x32xf32>
  %ea = linalg.exp ins(%a : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = scf.forall (%i, %j) = (0, 0) to (16, 16) step (8, 8) shared_outs(%o = %init) -> (tensor<16x16xf32>) {
    %i2 = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %as = tensor.extract_slice %ea[%i2, 0] [8, 32] [2, 1] : tensor<32x32xf32> to tensor<8x32xf32>
    %bs = tensor.extract_slice %b[0, %j] [32, 8] [1, 1] : tensor<32x16xf32> to tensor<32x8xf32>
    %os = tensor.extract_slice %o[%i, %j] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
    %t = linalg.matmul ins(%as, %bs : tensor<8x32xf32>, tensor<32x8xf32>) outs(%os : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
    }
  }
  %e2 = tensor.empty() : tensor<16x16xf32>
  %sym = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%mm, %mm : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e2 : tensor<16x16xf32>) {
  ^bb0(%u: f32, %v: f32, %out: f32):
    %s = arith.addf %u, %v : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %acc2 = linalg.add ins(%c, %c : tensor<16x16xf32>, tensor<16x16xf32>) outs(%mm : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %sym, %acc2 : tensor<16x16xf32>, tensor<16x16xf32>
}
