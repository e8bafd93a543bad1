// Elementwise linalg.generic (x + bias[j] + i, reading linalg.index): tile sizes 8 x 0 (j
// untiled) with scf.for and scf.forall; the tiled body's linalg.index is shifted by the tile offset.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @bias_add(%x: tensor<32x16xf32>, %bias: tensor<16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<32x16xf32>, tensor<16xf32>) outs(%init : tensor<32x16xf32>)
      attrs = {xfuse.tile_sizes = array<i64: 8, 0>} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f32
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %fi : f32
    linalg.yield %t : f32
  } -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// FOR-LABEL: func.func @bias_add(
// FOR-SAME:      %[[X:.*]]: tensor<32x16xf32>, %[[BIAS:.*]]: tensor<16xf32>, %[[INIT:.*]]: tensor<32x16xf32>)
// FOR:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<32x16xf32>) {
// FOR-NEXT:      %[[SX:.*]] = tensor.extract_slice %[[X]][%[[I]], 0] [8, 16] [1, 1] : tensor<32x16xf32> to tensor<8x16xf32>
// FOR-NEXT:      %[[SB:.*]] = tensor.extract_slice %[[BIAS]][0] [16] [1] : tensor<16xf32> to tensor<16xf32>
// FOR-NEXT:      %[[SO:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [8, 16] [1, 1] : tensor<32x16xf32> to tensor<8x16xf32>
// FOR-NEXT:      %[[T:.*]] = linalg.generic {{.*}} ins(%[[SX]], %[[SB]] : tensor<8x16xf32>, tensor<16xf32>) outs(%[[SO]] : tensor<8x16xf32>) {
// FOR:             %[[IDX:.*]] = linalg.index 0 : index
// FOR-NEXT:        %{{.*}} = affine.apply affine_map<(d0, d1) -> ((d0 + d1))> (%[[IDX]], %[[I]])
// FOR:           } -> tensor<8x16xf32>
// FOR-NEXT:      %[[INS:.*]] = tensor.insert_slice %[[T]] into %[[ACC]][%[[I]], 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<32x16xf32>
// FOR-NEXT:      scf.yield %[[INS]] : tensor<32x16xf32>
// FOR-NEXT:    }
// FOR-NEXT:    func.return %[[R]]
// FOR-NOT:   scf.for

// FORALL-LABEL: func.func @bias_add(
// FORALL:         scf.forall (%[[I:.*]]) = (0) to (32) step (8) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<32x16xf32>) {
// FORALL:           %[[SO:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [8, 16] [1, 1]
// FORALL-NEXT:      %[[T:.*]] = linalg.generic {{.*}} outs(%[[SO]] : tensor<8x16xf32>)
// FORALL:           scf.forall.in_parallel {
// FORALL-NEXT:        tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]], 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<32x16xf32>
