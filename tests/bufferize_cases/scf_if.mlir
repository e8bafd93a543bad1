// scf.if yielding tensors: one branch updates the fresh tensor in place, the other yields it
// unchanged; both branches share one buffer.
func.func @scf_if(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %cond = arith.cmpi ult, %n, %c2 : index
  %r = scf.if %cond -> (tensor<8xf32>) {
    %u = linalg.mul ins(%t, %a : tensor<8xf32>, tensor<8xf32>) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
