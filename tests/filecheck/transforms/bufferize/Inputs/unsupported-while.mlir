func.func @dynamic_while(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r:2 = scf.while (%t = %a, %i = %c0) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %t, %i : tensor<?xf32>, index
  } do {
  ^bb0(%t: tensor<?xf32>, %i: index):
    scf.yield %t, %i : tensor<?xf32>, index
  }
  return %r#0 : tensor<?xf32>
}
