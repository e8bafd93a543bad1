// Adapted from MLIR 22 mlir/test/Dialect/SCF/one-shot-bufferize.mlir (@scf_if_non_equiv_yields):
// the two branches yield two different read-only arguments (the condition from an index here).
func.func @upstream_scf_if_non_equiv_yields(%n : index, %A : tensor<4xf32>, %B : tensor<4xf32>) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %b = arith.cmpi ult, %n, %c2 : index
  %r = scf.if %b -> (tensor<4xf32>) {
    scf.yield %A : tensor<4xf32>
  } else {
    scf.yield %B : tensor<4xf32>
  }
  return %r: tensor<4xf32>
}
