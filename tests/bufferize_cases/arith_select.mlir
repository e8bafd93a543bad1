// arith.select between two tensors: a select of their buffers; a write into the result is a
// write into both (out of place when either is read later).
func.func @arith_select(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.000000e+00 : f32
  %cond = arith.cmpi ult, %i, %c2 : index
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = arith.select %cond, %x, %a : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %w = tensor.insert %one into %s[%c0] : tensor<4xf32>
  return %w, %x : tensor<4xf32>, tensor<4xf32>
}
