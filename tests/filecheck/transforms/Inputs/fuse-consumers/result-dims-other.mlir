// The destination is sized by a loop result that is not the iteration argument with slices
// inserted (result #1 is a fresh tensor each iteration): its extent is not the init's, so the
// dim cannot move above the loop and the consumer is refused.
func.func @f(%a: tensor<?x?xf32>, %k: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r, %s = scf.for %i = %c0 to %m step %c4 iter_args(%o = %e, %p = %e) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
    %rows = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%m]
    %as = tensor.extract_slice %a[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %x = linalg.exp ins(%as : tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    %ins = tensor.insert_slice %x into %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    %fresh = tensor.empty(%k, %n) : tensor<?x?xf32>
    scf.yield %ins, %fresh : tensor<?x?xf32>, tensor<?x?xf32>
  }
  %rm = tensor.dim %s, %c0 : tensor<?x?xf32>
  %out = tensor.empty(%rm, %n) : tensor<?x?xf32>
  %y = linalg.negf ins(%r : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
