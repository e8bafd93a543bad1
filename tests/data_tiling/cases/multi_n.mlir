// CASE: target=x86_64-avx2 expect=linalg.generic then=linalg.mmt4d
// Two N loops, N1 not a multiple of the tile, N0 outermost in B (B is N0 x K x N1).
func.func @multi_n(%a: tensor<16x12xf32>, %b: tensor<2x12x13xf32>, %c: tensor<16x2x13xf32>) -> tensor<16x2x13xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n0, n1, k) -> (m, k)>, affine_map<(m, n0, n1, k) -> (n0, k, n1)>, affine_map<(m, n0, n1, k) -> (m, n0, n1)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x12xf32>, tensor<2x12x13xf32>) outs(%c : tensor<16x2x13xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x2x13xf32>
  return %0 : tensor<16x2x13xf32>
}
