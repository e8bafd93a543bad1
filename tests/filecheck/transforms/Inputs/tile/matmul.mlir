// A static matmul, tile sizes 4x4 on (i, j), k untiled. Checked by ../../tile.mlir (FOR, FORALL,
// INTERCHANGE) and executed by ../../../with-mlir/transforms/tile-exec.mlir.
func.func @matmul(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, 4>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// FOR-LABEL: func.func @matmul(
// FOR-SAME:      %[[A:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<8x12xf32>, %[[C:.*]]: tensor<16x12xf32>)
// FOR-DAG:     %[[C0:.*]] = arith.constant 0 : index
// FOR-DAG:     %[[C16:.*]] = arith.constant 16 : index
// FOR-DAG:     %[[C4:.*]] = arith.constant 4 : index
// FOR-DAG:     %[[C12:.*]] = arith.constant 12 : index
// FOR:         %[[R:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C16]] step %[[C4]] iter_args(%[[ACC_I:.*]] = %[[C]]) -> (tensor<16x12xf32>) {
// FOR-NEXT:      %[[RI:.*]] = scf.for %[[J:.*]] = %[[C0]] to %[[C12]] step %[[C4]] iter_args(%[[ACC_J:.*]] = %[[ACC_I]]) -> (tensor<16x12xf32>) {
// FOR-NEXT:        %[[SA:.*]] = tensor.extract_slice %[[A]][%[[I]], 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
// FOR-NEXT:        %[[SB:.*]] = tensor.extract_slice %[[B]][0, %[[J]]] [8, 4] [1, 1] : tensor<8x12xf32> to tensor<8x4xf32>
// FOR-NEXT:        %[[SC:.*]] = tensor.extract_slice %[[ACC_J]][%[[I]], %[[J]]] [4, 4] [1, 1] : tensor<16x12xf32> to tensor<4x4xf32>
// FOR-NEXT:        %[[T:.*]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<4x8xf32>, tensor<8x4xf32>) outs(%[[SC]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// FOR-NEXT:        %[[INS:.*]] = tensor.insert_slice %[[T]] into %[[ACC_J]][%[[I]], %[[J]]] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x12xf32>
// FOR-NEXT:        scf.yield %[[INS]] : tensor<16x12xf32>
// FOR-NEXT:      }
// FOR-NEXT:      scf.yield %[[RI]] : tensor<16x12xf32>
// FOR-NEXT:    }
// FOR-NEXT:    func.return %[[R]] : tensor<16x12xf32>
// FOR-NOT:   xfuse.tile_sizes

// FORALL-LABEL: func.func @matmul(
// FORALL-SAME:      %[[A:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<8x12xf32>, %[[C:.*]]: tensor<16x12xf32>)
// FORALL-NEXT:    %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (16, 12) step (4, 4) shared_outs(%[[OUT:.*]] = %[[C]]) -> (tensor<16x12xf32>) {
// FORALL-NEXT:      %[[SA:.*]] = tensor.extract_slice %[[A]][%[[I]], 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
// FORALL-NEXT:      %[[SB:.*]] = tensor.extract_slice %[[B]][0, %[[J]]] [8, 4] [1, 1] : tensor<8x12xf32> to tensor<8x4xf32>
// FORALL-NEXT:      %[[SC:.*]] = tensor.extract_slice %[[OUT]][%[[I]], %[[J]]] [4, 4] [1, 1] : tensor<16x12xf32> to tensor<4x4xf32>
// FORALL-NEXT:      %[[T:.*]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<4x8xf32>, tensor<8x4xf32>) outs(%[[SC]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// FORALL-NEXT:      scf.forall.in_parallel {
// FORALL-NEXT:        tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]], %[[J]]] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x12xf32>
// FORALL-NEXT:      }
// FORALL-NEXT:    }
// FORALL-NEXT:    func.return %[[R]] : tensor<16x12xf32>

// interchange=1,0: the j loop is outermost.
// INTERCHANGE-LABEL: func.func @matmul(
// INTERCHANGE-DAG:     %[[C16:.*]] = arith.constant 16 : index
// INTERCHANGE-DAG:     %[[C12:.*]] = arith.constant 12 : index
// INTERCHANGE:         scf.for %[[J:.*]] = %{{.*}} to %[[C12]] step %{{.*}} iter_args(
// INTERCHANGE-NEXT:      scf.for %[[I:.*]] = %{{.*}} to %[[C16]] step %{{.*}} iter_args(
// INTERCHANGE-NEXT:        tensor.extract_slice %{{.*}}[%[[I]], 0] [4, 8]
// INTERCHANGE-NEXT:        tensor.extract_slice %{{.*}}[0, %[[J]]] [8, 4]
// INTERCHANGE-NEXT:        tensor.extract_slice %{{.*}}[%[[I]], %[[J]]] [4, 4]
// INTERCHANGE-NEXT:        linalg.matmul

// INTERCHANGE-FORALL-LABEL: func.func @matmul(
// INTERCHANGE-FORALL:         scf.forall (%[[J:.*]], %[[I:.*]]) = (0, 0) to (12, 16) step (4, 4)
// INTERCHANGE-FORALL:           tensor.extract_slice %{{.*}}[%[[I]], 0] [4, 8]
