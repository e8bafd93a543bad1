// scf.while carrying a tensor: the before arguments and the after arguments / results have a
// buffer each; scf.condition and scf.yield copy into them.
// MLIR-OPT-BUFFERIZE-OPTIONS: allow-return-allocs-from-loops
func.func @scf_while(%a: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%t = %a, %i = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %t, %i : tensor<4xf32>, index
  } do {
  ^bb0(%t: tensor<4xf32>, %i: index):
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%t, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %x, %j : tensor<4xf32>, index
  }
  return %r#0 : tensor<4xf32>
}
