// Dynamic shapes: the loop bounds are `tensor.dim`s of the producer's result, as IR written
// before tiling has them. Once the exp is fused into the loop, those dims read its init, and the
// full-size exp is erased instead of being computed beside its tiles.

// CHECK-LABEL: func.func @dim_of_producer(
// CHECK-SAME:      %[[A:.*]]: tensor<?x?xf32>)
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK-NOT:     linalg.exp
// CHECK:         %[[XM:.*]] = tensor.dim %[[E]], %c0
// CHECK-NEXT:    %[[XN:.*]] = tensor.dim %[[E]], %c1
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%[[XM]], %[[XN]]) step (4, 4)
// CHECK:           linalg.exp ins(%{{.*}} : tensor<?x?xf32>)
// CHECK:           linalg.negf
func.func @dim_of_producer(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %x = linalg.exp ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %xm = tensor.dim %x, %c0 : tensor<?x?xf32>
  %xn = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e2 = tensor.empty(%xm, %xn) : tensor<?x?xf32>
  %y = scf.forall (%i, %j) = (0, 0) to (%xm, %xn) step (4, 4) shared_outs(%o = %e2) -> (tensor<?x?xf32>) {
    %ti = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%xm]
    %tj = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%j)[%xn]
    %xs = tensor.extract_slice %x[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %t = linalg.negf ins(%xs : tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  return %y : tensor<?x?xf32>
}
