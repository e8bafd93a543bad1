// linalg.reduce (row sums of 12x10), marked with an empty `array<i64>`: its tile sizes come from
// the pass option. FOR (tile-sizes=4,3): the reduction loop d1 is tiled too (partial last tile),
// accumulating through iter_args. FORALL (tile-sizes=4): d1 is left untiled (missing sizes are 0).
// (xDSL's custom form of linalg.reduce has no attribute dictionary: the op is written generic.)
func.func @row_sums(%x: tensor<12x10xf32>, %init: tensor<12xf32>) -> tensor<12xf32> {
  %0 = "linalg.reduce"(%x, %init) <{dimensions = array<i64: 1>}> ({
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }) {xfuse.tile_sizes = array<i64>} : (tensor<12x10xf32>, tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// FOR-LABEL: func.func @row_sums(
// FOR-SAME:      %[[X:.*]]: tensor<12x10xf32>, %[[INIT:.*]]: tensor<12xf32>)
// FOR:         scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<12xf32>) {
// FOR-NEXT:      scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<12xf32>) {
// FOR-NEXT:        %[[TK:.*]] = affine.min affine_map<(d0) -> (3, ((d0 * -1) + 10))> (%[[K]])
// FOR-NEXT:        %[[SX:.*]] = tensor.extract_slice %[[X]][%[[I]], %[[K]]] [4, %[[TK]]] [1, 1] : tensor<12x10xf32> to tensor<4x?xf32>
// FOR-NEXT:        %[[SO:.*]] = tensor.extract_slice %[[ACC]][%[[I]]] [4] [1] : tensor<12xf32> to tensor<4xf32>
// FOR-NEXT:        %[[T:.*]] = linalg.reduce ins(%[[SX]]{{ ?}}:{{ ?}}tensor<4x?xf32>) outs(%[[SO]]{{ ?}}:{{ ?}}tensor<4xf32>) dimensions = [1]
// FOR:             tensor.insert_slice %[[T]] into %[[ACC]][%[[I]]] [4] [1] : tensor<4xf32> into tensor<12xf32>

// FORALL-LABEL: func.func @row_sums(
// FORALL:         scf.forall (%[[I:.*]]) = (0) to (12) step (4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<12xf32>) {
// FORALL-NEXT:      tensor.extract_slice %{{.*}}[%[[I]], 0] [4, 10] [1, 1] : tensor<12x10xf32> to tensor<4x10xf32>
// FORALL-NEXT:      tensor.extract_slice %[[OUT]][%[[I]]] [4] [1] : tensor<12xf32> to tensor<4xf32>
// FORALL-NEXT:      %[[T:.*]] = linalg.reduce
// FORALL:           tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]]] [4] [1] : tensor<4xf32> into tensor<12xf32>
