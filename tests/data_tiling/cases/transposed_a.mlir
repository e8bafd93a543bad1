// CASE: target=x86_64-sse expect=linalg.mmt4d
// A given as K x M, on the SSE table (8x4x1).
func.func @transposed_a(%a: tensor<20x16xf32>, %b: tensor<20x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<20x16xf32>, tensor<20x12xf32>) outs(%c : tensor<16x12xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
