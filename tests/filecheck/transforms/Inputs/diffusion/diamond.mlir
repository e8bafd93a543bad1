// The RFC's diamond: contraction -> add <- op1; op1, op3 -> op2 -> op4; add -> relu; relu, op4 -> op5.
// op1 = exp(x), op3 = y * y, op2 = op1 * op3, op4 = op2 - x, op5 = relu + op4.
// Diffusion from the matmul: add (consumer), op1 (producer of add), relu (consumer of add),
// op5 (consumer of relu), op4 (producer of op5), op2 (producer of op4), then op1 again (it is
// recomputed: its tile is not yielded) and op3 (producers of op2). Every op ends in the forall.
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %x: tensor<16x16xf32>, %y: tensor<16x16xf32>, %init: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %op1 = linalg.exp ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %op3 = linalg.mul ins(%y, %y : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %op2 = linalg.mul ins(%op1, %op3 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %mm = scf.forall (%i, %j) = (0, 0) to (16, 16) step (8, 8) shared_outs(%o = %init) -> (tensor<16x16xf32>) {
    %as = tensor.extract_slice %a[%i, 0] [8, 32] [1, 1] : tensor<16x32xf32> to tensor<8x32xf32>
    %bs = tensor.extract_slice %b[0, %j] [32, 8] [1, 1] : tensor<32x16xf32> to tensor<32x8xf32>
    %os = tensor.extract_slice %o[%i, %j] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
    %t = linalg.matmul ins(%as, %bs : tensor<8x32xf32>, tensor<32x8xf32>) outs(%os : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
    }
  }
  %add = linalg.add ins(%mm, %op1 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%add : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %op4 = linalg.sub ins(%op2, %x : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %op5 = linalg.add ins(%relu, %op4 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %op5 : tensor<16x16xf32>
}
