func.func @even(%a: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %o = func.call @odd(%a, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %o : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @odd(%a: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %e = func.call @even(%a, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %e : tensor<4xf32>
}
