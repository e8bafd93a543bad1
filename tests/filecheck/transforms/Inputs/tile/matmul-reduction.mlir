// The reduction loop k tiled with scf.for (sizes 8, 0, 3: i tiled, j untiled, k by 3 over 10,
// so the last k tile is partial): each k step reads the accumulator carried by iter_args, so the
// tiles accumulate. Run with loop=for only (forall refuses it: see ../../tile-invalid.mlir).
func.func @matmul_k(%a: tensor<16x10xf32>, %b: tensor<10x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 8, 0, 3>} ins(%a, %b : tensor<16x10xf32>, tensor<10x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// FOR-LABEL: func.func @matmul_k(
// FOR-SAME:      %[[A:.*]]: tensor<16x10xf32>, %[[B:.*]]: tensor<10x12xf32>, %[[C:.*]]: tensor<16x12xf32>)
// FOR-DAG:     %[[C10:.*]] = arith.constant 10 : index
// FOR-DAG:     %[[C3:.*]] = arith.constant 3 : index
// FOR:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC_I:.*]] = %[[C]]) -> (tensor<16x12xf32>) {
// FOR-NEXT:      %[[RK:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[C10]] step %[[C3]] iter_args(%[[ACC:.*]] = %[[ACC_I]]) -> (tensor<16x12xf32>) {
// FOR-NEXT:        %[[TK:.*]] = affine.min affine_map<(d0) -> (3, ((d0 * -1) + 10))> (%[[K]])
// FOR-NEXT:        %[[SA:.*]] = tensor.extract_slice %[[A]][%[[I]], %[[K]]] [8, %[[TK]]] [1, 1] : tensor<16x10xf32> to tensor<8x?xf32>
// FOR-NEXT:        %[[SB:.*]] = tensor.extract_slice %[[B]][%[[K]], 0] [%[[TK]], 12] [1, 1] : tensor<10x12xf32> to tensor<?x12xf32>
// The partial accumulator comes from the loop-carried tensor, not from %C.
// FOR-NEXT:        %[[SC:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [8, 12] [1, 1] : tensor<16x12xf32> to tensor<8x12xf32>
// FOR-NEXT:        %[[T:.*]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<8x?xf32>, tensor<?x12xf32>) outs(%[[SC]] : tensor<8x12xf32>) -> tensor<8x12xf32>
// FOR-NEXT:        %[[INS:.*]] = tensor.insert_slice %[[T]] into %[[ACC]][%[[I]], 0] [8, 12] [1, 1] : tensor<8x12xf32> into tensor<16x12xf32>
// FOR-NEXT:        scf.yield %[[INS]] : tensor<16x12xf32>
// FOR-NEXT:      }
// FOR-NEXT:      scf.yield %[[RK]] : tensor<16x12xf32>
// FOR-NEXT:    }
// FOR-NEXT:    func.return %[[R]] : tensor<16x12xf32>
