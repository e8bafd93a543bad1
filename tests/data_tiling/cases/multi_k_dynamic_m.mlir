// CASE: target=x86_64-avx2 expect=linalg.generic then=linalg.mmt4d
// Two K loops, a dynamic M (8 at run time): the packed generic, then mmt4d on collapsed K0 x K1.
func.func @multi_k_dynamic_m(%a: tensor<?x3x5xf32>, %b: tensor<3x5x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<?x3x5xf32>, tensor<3x5x16xf32>) outs(%c : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}
