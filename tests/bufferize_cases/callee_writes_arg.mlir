// A private callee writes into its argument; the caller reads that tensor again after the call,
// so the call cannot be given the caller's buffer in place: one copy before the call.
func.func private @scale_in_place(%t: tensor<8xf32>) -> tensor<8xf32> {
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%t : tensor<8xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %two : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @callee_writes_arg(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %scaled = func.call @scale_in_place(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %later = linalg.sub ins(%scaled, %t : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  return %scaled, %later : tensor<8xf32>, tensor<8xf32>
}
