// A function that only returns an argument: no section to time (xfuse-run-profile.mlir).
func.func @copy(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
