// The consumer sums the columns of the tiled matmul: its tile cuts the reduction, refused. The
// remark shows the offset and size as expressions of the loop (xfuse-tile's induction variables
// have no name: they are shown by position and loop).
func.func @f(%a: tensor<13x8xf32>, %b: tensor<8x10xf32>, %c: tensor<13x10xf32>, %init: tensor<10xf32>) -> tensor<10xf32> {
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 5, 0, 0>} ins(%a, %b : tensor<13x8xf32>, tensor<8x10xf32>) outs(%c : tensor<13x10xf32>) -> tensor<13x10xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm : tensor<13x10xf32>) outs(%init : tensor<10xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %x, %o : f32
    linalg.yield %r : f32
  } -> tensor<10xf32>
  return %s : tensor<10xf32>
}
