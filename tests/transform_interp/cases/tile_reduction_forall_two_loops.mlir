// Adapted from MLIR 22 test/Dialect/Linalg/transform-tile-reduction.mlir
// (@reduction_tile_multiple_reduction, 4096 cut to 16) with tile_reduction_using_forall by
// num_threads on both reduction loops: a 2-D forall (3 x 5 threads; 86 and 128 do not divide),
// one slot per thread pair.
// TOLERANCE: 1e-3 (11008-term float sums, reassociated)
#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0)>
func.func @reduction_tile_multiple_reduction(%arg0: tensor<86x128xf32>, %arg1: tensor<16x86x128xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
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
    %fill_op, %split_linalg_op, %combining_linalg_op, %forall_op = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 3, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
