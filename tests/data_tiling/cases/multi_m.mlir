// CASE: target=x86_64-avx2 expect=linalg.generic then=linalg.mmt4d
// Two M loops (M0=3, M1=10; only M1 is tiled): the packed generic, 7 loops.
func.func @multi_m(%a: tensor<3x10x16xf32>, %b: tensor<16x24xf32>, %c: tensor<3x10x24xf32>) -> tensor<3x10x24xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, m1, k)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x10x16xf32>, tensor<16x24xf32>) outs(%c : tensor<3x10x24xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x10x24xf32>
  return %0 : tensor<3x10x24xf32>
}
