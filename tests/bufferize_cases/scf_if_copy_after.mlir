// scf.if whose two branches yield arguments that its result may not share: a matmul then
// accumulates into the result in place, and arguments are read-only. The result is a buffer of
// its own, filled by one copy after the op from the argument the taken branch yields.
func.func @scf_if_copy_after(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %x: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %c2 = arith.constant 2 : index
  %c = arith.cmpi ult, %n, %c2 : index
  %r = scf.if %c -> (tensor<4x4xf32>) {
    scf.yield %a : tensor<4x4xf32>
  } else {
    scf.yield %b : tensor<4x4xf32>
  }
  %w = linalg.matmul ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%r : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %w : tensor<4x4xf32>
}
