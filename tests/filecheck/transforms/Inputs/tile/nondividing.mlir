// Tile sizes that do not divide the static domain (13 x 10 x 8 by 5 x 4 x 0): the size of each
// tile is affine.min(ts, ub - iv), so the last tile is partial and every slice is dynamic there.
func.func @nondividing(%a: tensor<13x8xf32>, %b: tensor<8x10xf32>, %c: tensor<13x10xf32>) -> tensor<13x10xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 5, 4, 0>} ins(%a, %b : tensor<13x8xf32>, tensor<8x10xf32>) outs(%c : tensor<13x10xf32>) -> tensor<13x10xf32>
  return %0 : tensor<13x10xf32>
}

// FOR-LABEL: func.func @nondividing(
// FOR-SAME:      %[[A:.*]]: tensor<13x8xf32>, %[[B:.*]]: tensor<8x10xf32>, %[[C:.*]]: tensor<13x10xf32>)
// FOR:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[C]]) -> (tensor<13x10xf32>) {
// FOR-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0) -> (5, ((d0 * -1) + 13))> (%[[I]])
// FOR-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<13x10xf32>) {
// FOR-NEXT:        %[[TJ:.*]] = affine.min affine_map<(d0) -> (4, ((d0 * -1) + 10))> (%[[J]])
// FOR-NEXT:        tensor.extract_slice %[[A]][%[[I]], 0] [%[[TI]], 8] [1, 1] : tensor<13x8xf32> to tensor<?x8xf32>
// FOR-NEXT:        tensor.extract_slice %[[B]][0, %[[J]]] [8, %[[TJ]]] [1, 1] : tensor<8x10xf32> to tensor<8x?xf32>
// FOR-NEXT:        tensor.extract_slice %[[ACC]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]] [1, 1] : tensor<13x10xf32> to tensor<?x?xf32>
// FOR-NEXT:        %[[T:.*]] = linalg.matmul {{.*}} -> tensor<?x?xf32>
// FOR-NEXT:        tensor.insert_slice %[[T]] into %[[ACC]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]] [1, 1] : tensor<?x?xf32> into tensor<13x10xf32>

// FORALL-LABEL: func.func @nondividing(
// FORALL:         %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (13, 10) step (5, 4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<13x10xf32>) {
// FORALL-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0) -> (5, ((d0 * -1) + 13))> (%[[I]])
// FORALL-NEXT:      %[[TJ:.*]] = affine.min affine_map<(d0) -> (4, ((d0 * -1) + 10))> (%[[J]])
// FORALL:           %[[T:.*]] = linalg.matmul {{.*}} -> tensor<?x?xf32>
// FORALL-NEXT:      scf.forall.in_parallel {
// FORALL-NEXT:        tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]] [1, 1] : tensor<?x?xf32> into tensor<13x10xf32>
