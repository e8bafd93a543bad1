// An annotation kind xfuse-opt produces no diagnostics of.

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{a note}}
  return %a : tensor<4xf32>
}
