// linalg.map (MLIR 22's short form): a destination-style op like any linalg op, written in place.
func.func @m(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.map { arith.addf } ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
  return %r : tensor<8xf32>
}
