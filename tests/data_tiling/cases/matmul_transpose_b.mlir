// CASE: target=x86_64-avx2 expect=linalg.mmt4d
// B given as N x K (a generic with transposed maps: MLIR 22's matmul_transpose_b).
func.func @matmul_transpose_b(%a: tensor<24x40xf32>, %b: tensor<56x40xf32>, %c: tensor<24x56xf32>) -> tensor<24x56xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<24x40xf32>, tensor<56x40xf32>) outs(%c : tensor<24x56xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<24x56xf32>
  return %0 : tensor<24x56xf32>
}
