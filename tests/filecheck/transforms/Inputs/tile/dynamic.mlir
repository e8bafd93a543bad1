// Dynamic shapes: the domain comes from tensor.dim before the loops, and every tile size is
// affine.min(ts, ub - iv) with the dynamic upper bound as a symbol. The differential test runs it
// with every dynamic dim = 13, which 4 and 3 do not divide.
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, 3>} ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// FOR-LABEL: func.func @dynamic(
// FOR-SAME:      %[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?x?xf32>)
// FOR-DAG:     %[[M:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
// FOR-DAG:     %[[N:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x?xf32>
// FOR-DAG:     %[[K:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
// FOR:         scf.for %[[I:.*]] = %{{.*}} to %[[M]] step %{{.*}} iter_args(%{{.*}} = %[[C]]) -> (tensor<?x?xf32>) {
// FOR-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0)[s0] -> (4, (s0 + (d0 * -1)))> (%[[I]])[%[[M]]]
// FOR-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<?x?xf32>) {
// FOR-NEXT:        %[[TJ:.*]] = affine.min affine_map<(d0)[s0] -> (3, (s0 + (d0 * -1)))> (%[[J]])[%[[N]]]
// FOR-NEXT:        tensor.extract_slice %[[A]][%[[I]], 0] [%[[TI]], %[[K]]] [1, 1]
// FOR-NEXT:        tensor.extract_slice %[[B]][0, %[[J]]] [%[[K]], %[[TJ]]] [1, 1]
// FOR-NEXT:        tensor.extract_slice %[[ACC]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]] [1, 1]
// FOR-NEXT:        %[[T:.*]] = linalg.matmul
// FOR-NEXT:        tensor.insert_slice %[[T]] into %[[ACC]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>

// FORALL-LABEL: func.func @dynamic(
// FORALL-SAME:      %[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?x?xf32>)
// FORALL-DAG:     %[[M:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
// FORALL-DAG:     %[[N:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x?xf32>
// FORALL:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (%[[M]], %[[N]]) step (4, 3) shared_outs(%[[OUT:.*]] = %[[C]]) -> (tensor<?x?xf32>) {
// FORALL-NEXT:      affine.min affine_map<(d0)[s0] -> (4, (s0 + (d0 * -1)))> (%[[I]])[%[[M]]]
// FORALL-NEXT:      affine.min affine_map<(d0)[s0] -> (3, (s0 + (d0 * -1)))> (%[[J]])[%[[N]]]
// FORALL:           tensor.parallel_insert_slice
