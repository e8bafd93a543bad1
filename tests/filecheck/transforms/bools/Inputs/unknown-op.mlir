// Input of bools-as-bytes.mlir: an op xfuse-bools-as-bytes does not know, on bools.
func.func @unknown_op(%m: tensor<4xi1>) -> tensor<4xi1> {
  %r = "test.op"(%m) : (tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}
