// scf.execute_region yielding a tensor computed inside.
func.func @scf_execute_region(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
