// A chain of calls threading one tensor: each callee updates its argument in place and returns
// it; nobody reads the old value, so the whole chain runs in one buffer.
func.func private @add_one(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<4x4xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %one : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func private @square(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<4x4xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func private @add_one_then_square(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %u = func.call @add_one(%t) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %v = func.call @square(%u) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %v : tensor<4x4xf32>
}

func.func @call_chain(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.sub ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %u = linalg.add ins(%t, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%t : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = func.call @add_one_then_square(%u) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
