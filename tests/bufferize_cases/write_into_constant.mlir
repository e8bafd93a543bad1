// A linalg op whose destination is a dense constant: constants are read-only (memref.global
// constant), so the write needs a new buffer holding a copy of the constant.
func.func @write_into_constant(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
