// Dynamic shapes: the consumer's destination is sized by `tensor.dim` of the loop nest's result,
// as written after the loop. Those dims are moved above the loop and read the tied init instead.
func.func @forall(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = scf.forall (%i) = (0) to (%m) step (4) shared_outs(%o = %e) -> (tensor<?x?xf32>) {
    %rows = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%m]
    %as = tensor.extract_slice %a[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %x = linalg.exp ins(%as : tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  %rm = tensor.dim %r, %c0 : tensor<?x?xf32>
  %rn = tensor.dim %r, %c1 : tensor<?x?xf32>
  %out = tensor.empty(%rm, %rn) : tensor<?x?xf32>
  %y = linalg.negf ins(%r : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @for(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = scf.for %i = %c0 to %m step %c4 iter_args(%o = %e) -> (tensor<?x?xf32>) {
    %rows = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%m]
    %as = tensor.extract_slice %a[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %x = linalg.exp ins(%as : tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    %ins = tensor.insert_slice %x into %o[%i, 0] [%rows, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    scf.yield %ins : tensor<?x?xf32>
  }
  %rm = tensor.dim %r, %c0 : tensor<?x?xf32>
  %out = tensor.empty(%rm, %n) : tensor<?x?xf32>
  %y = linalg.negf ins(%r : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
