// Input of bools-as-bytes.mlir: an op xfuse-bools-as-bytes does not know, on bools.
func.func @unknown_op(%m: tensor<4xi1>) -> tensor<4xi1> {
  %r = "test.op"(%m) : (tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// Two of them in a row: the second reads the first's bools back from bytes.
func.func @unknown_ops(%m: tensor<4xi1>) -> tensor<4xi1> {
  %r = "test.op"(%m) : (tensor<4xi1>) -> tensor<4xi1>
  %q = "test.op"(%r) : (tensor<4xi1>) -> tensor<4xi1>
  return %q : tensor<4xi1>
}
