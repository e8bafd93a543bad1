// Dynamic shapes, tile sizes that do not divide them (affine.min): the add reaches the inner
// scf.for through two slices whose offsets are composed (%i + %ii, one affine.apply); the fill
// is fused through the forall's shared_outs, an intermediate slice and the scf.for's iter_args.
// Run with --dynamic-size 7 (7 rows: tiles of 5 then 2, sub-tiles of 2, 2, 1).

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[X:.*]]: tensor<?x?xf32>, %[[Y:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK-NOT:     linalg.add
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK-NEXT:    scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (%{{.*}}, %{{.*}}) step (5, 3) shared_outs(%[[O:.*]] = %[[E]])
// CHECK:           %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]]
// CHECK-NEXT:      scf.for %[[II:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OS]])
// CHECK-NEXT:        %[[TII:.*]] = affine.min
// CHECK-NEXT:        %[[OFF:.*]] = affine.apply affine_map<(d0, d1) -> ((d0 + d1))> (%[[I]], %[[II]])
// CHECK-NEXT:        %[[XS:.*]] = tensor.extract_slice %[[X]][%[[OFF]], 0] [%[[TII]], %[[K:.*]]] [1, 1]
// CHECK-NEXT:        %[[YS:.*]] = tensor.extract_slice %[[Y]][%[[OFF]], 0] [%[[TII]], %[[K]]] [1, 1]
// CHECK-NEXT:        %[[AE:.*]] = tensor.empty(%[[TII]], %[[K]]) : tensor<?x?xf32>
// CHECK-NEXT:        %[[ADD:.*]] = linalg.add ins(%[[XS]], %[[YS]] : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[AE]] : tensor<?x?xf32>)
// CHECK-NEXT:        %[[AI:.*]] = tensor.extract_slice %[[ACC]][%[[II]], 0]
// CHECK-NEXT:        %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[AI]] : tensor<?x?xf32>)
// CHECK-NEXT:        linalg.matmul ins(%[[ADD]], %{{.*}} : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[F]] : tensor<?x?xf32>)
func.func @dynamic(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %ea = tensor.empty(%m, %k) : tensor<?x?xf32>
  %add = linalg.add ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%ea : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (%m, %n) step (5, 3) shared_outs(%o = %fill) -> (tensor<?x?xf32>) {
    %ti = affine.min affine_map<(d0)[s0] -> (5, s0 - d0)>(%i)[%m]
    %tj = affine.min affine_map<(d0)[s0] -> (3, s0 - d0)>(%j)[%n]
    %as = tensor.extract_slice %add[%i, 0] [%ti, %k] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %bs = tensor.extract_slice %b[0, %j] [%k, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %acc = scf.for %ii = %c0 to %ti step %c2 iter_args(%a = %os) -> (tensor<?x?xf32>) {
      %tii = affine.min affine_map<(d0)[s0] -> (2, s0 - d0)>(%ii)[%ti]
      %ak = tensor.extract_slice %as[%ii, 0] [%tii, %k] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %ai = tensor.extract_slice %a[%ii, 0] [%tii, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %mm = linalg.matmul ins(%ak, %bs : tensor<?x?xf32>, tensor<?x?xf32>) outs(%ai : tensor<?x?xf32>) -> tensor<?x?xf32>
      %ins = tensor.insert_slice %mm into %a[%ii, 0] [%tii, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
      scf.yield %ins : tensor<?x?xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %acc into %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  return %r : tensor<?x?xf32>
}
