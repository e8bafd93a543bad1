// CASE: target=x86_64-avx2 expect=linalg.generic then=linalg.mmt4d
// Two K loops and a narrow N (3): transposed (N in the row role, a 4-row tile), the packed generic
// takes B first in its maps; generic-to-mmt4d swaps the inputs and collapses K0 x K1.
func.func @multi_k_narrow_n(%a: tensor<20x4x6xf32>, %b: tensor<3x4x6xf32>, %c: tensor<20x3xf32>) -> tensor<20x3xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (n, k0, k1)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<20x4x6xf32>, tensor<3x4x6xf32>) outs(%c : tensor<20x3xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<20x3xf32>
  return %0 : tensor<20x3xf32>
}
