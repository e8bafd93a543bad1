// linalg.pack (its model: xfuse/interfaces/tiling_pack.py) through the same driver: its `dest`
// is the loop-carried destination. Tile sizes 3 x 1 over the 4 x 2 outer dims (3 does not
// divide 4). (Generic form: xDSL's custom pack syntax has no attribute dictionary.)
func.func @pack(%src: tensor<13x15xf32>, %dest: tensor<4x2x8x4xf32>, %cst: f32) -> tensor<4x2x8x4xf32> {
  %0 = "linalg.pack"(%src, %dest, %cst) <{inner_dims_pos = array<i64: 0, 1>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: 8, 4>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {xfuse.tile_sizes = array<i64: 3, 1>} : (tensor<13x15xf32>, tensor<4x2x8x4xf32>, f32) -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}

// FOR-LABEL: func.func @pack(
// FOR-SAME:      %[[SRC:.*]]: tensor<13x15xf32>, %[[DEST:.*]]: tensor<4x2x8x4xf32>, %{{.*}}: f32)
// FOR:         %[[R:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[DEST]]) -> (tensor<4x2x8x4xf32>) {
// FOR-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0) -> (3, ((d0 * -1) + 4))> (%[[I]])
// FOR-NEXT:      scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4x2x8x4xf32>) {
// FOR:             %[[S:.*]] = tensor.extract_slice %[[SRC]]
// FOR-NEXT:        %[[D:.*]] = tensor.extract_slice %[[ACC]][%[[I]], %[[J]], 0, 0] [%[[TI]], 1, 8, 4] [1, 1, 1, 1]
// FOR-NEXT:        %[[T:.*]] = linalg.pack %[[S]] {{.*}} into %[[D]]
// FOR-NEXT:        tensor.insert_slice %[[T]] into %[[ACC]][%[[I]], %[[J]], 0, 0] [%[[TI]], 1, 8, 4] [1, 1, 1, 1]

// FORALL-LABEL: func.func @pack(
// FORALL:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (4, 2) step (3, 1) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x2x8x4xf32>) {
// FORALL:           %[[T:.*]] = linalg.pack
// FORALL:           tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]], %[[J]], 0, 0]
