// Adapted from MLIR 22 test/Dialect/Linalg/transform-tile-reduction.mlir
// (@reduction_using_forall_tilesize_0_of_multiple_reduction_inner, 4096 cut to 16): forall by
// tile_sizes; d1 is named by reduction_dims but not tiled, so only d2 gets slots (128 / 64 = 2).
// TOLERANCE: 1e-3 (11008-term float sums, reassociated)
#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0)>
func.func @reduction_using_forall_tilesize_0_of_multiple_reduction_inner(%arg0: tensor<86x128xf32>, %arg1: tensor<16x86x128xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<86x128xf32>, tensor<16x86x128xf32>) outs(%arg2 : tensor<16xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_linalg_op, %combining_linalg_op, %for_op = transform.structured.tile_reduction_using_forall %0 reduction_dims = [1, 2] by tile_sizes = [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
