// The matmul's lhs is a slice (K loop, scf.for) of a slice (scf.forall) of a linalg.add: the
// add is fused through the whole chain into the K loop (offsets composed), its init slice of a
// tensor.empty becomes a tensor.empty of the tile, and the fill is fused through shared_outs in
// front of the K loop (the K loop's accumulator starts from it: legal).

// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[X:.*]]: tensor<16x32xf32>, %[[Y:.*]]: tensor<16x32xf32>, %[[B:.*]]: tensor<32x24xf32>)
// CHECK-NOT:     linalg.add
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x24xf32>
// CHECK-NEXT:    scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (16, 24) step (4, 8) shared_outs(%[[O:.*]] = %[[E]])
// CHECK-NEXT:      %[[BS:.*]] = tensor.extract_slice %[[B]][0, %[[J]]] [32, 8] [1, 1]
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [4, 8] [1, 1]
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[OS]] : tensor<4x8xf32>)
// CHECK-NEXT:      scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[F]])
// CHECK-NEXT:        %[[XS:.*]] = tensor.extract_slice %[[X]][%[[I]], %[[K]]] [4, 8] [1, 1]
// CHECK-NEXT:        %[[YS:.*]] = tensor.extract_slice %[[Y]][%[[I]], %[[K]]] [4, 8] [1, 1]
// CHECK-NEXT:        %[[AE:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:        %[[ADD:.*]] = linalg.add ins(%[[XS]], %[[YS]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[AE]] : tensor<4x8xf32>)
// CHECK-NEXT:        %[[BK:.*]] = tensor.extract_slice %[[BS]][%[[K]], 0] [8, 8] [1, 1]
// CHECK-NEXT:        linalg.matmul ins(%[[ADD]], %[[BK]] : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[ACC]] : tensor<4x8xf32>)
func.func @nested(%x: tensor<16x32xf32>, %y: tensor<16x32xf32>, %b: tensor<32x24xf32>) -> tensor<16x24xf32> {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %ea = tensor.empty() : tensor<16x32xf32>
  %add = linalg.add ins(%x, %y : tensor<16x32xf32>, tensor<16x32xf32>) outs(%ea : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x24xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (16, 24) step (4, 8) shared_outs(%o = %fill) -> (tensor<16x24xf32>) {
    %as = tensor.extract_slice %add[%i, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
    %bs = tensor.extract_slice %b[0, %j] [32, 8] [1, 1] : tensor<32x24xf32> to tensor<32x8xf32>
    %os = tensor.extract_slice %o[%i, %j] [4, 8] [1, 1] : tensor<16x24xf32> to tensor<4x8xf32>
    %acc = scf.for %k = %c0 to %c32 step %c8 iter_args(%a = %os) -> (tensor<4x8xf32>) {
      %ak = tensor.extract_slice %as[0, %k] [4, 8] [1, 1] : tensor<4x32xf32> to tensor<4x8xf32>
      %bk = tensor.extract_slice %bs[%k, 0] [8, 8] [1, 1] : tensor<32x8xf32> to tensor<8x8xf32>
      %mm = linalg.matmul ins(%ak, %bk : tensor<4x8xf32>, tensor<8x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
      scf.yield %mm : tensor<4x8xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %acc into %o[%i, %j] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x24xf32>
    }
  }
  return %r : tensor<16x24xf32>
}
