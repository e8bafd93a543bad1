// Adapted from MLIR 22 test/Dialect/Linalg/transform-tile-reduction.mlir (@reduction_tile,
// static shapes, a tile size (7) that does not divide the reduction (30)): a partial-result
// tensor of 12x7 accumulated in the loop, merged by linalg.reduce.
func.func @reduction_tile(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>)
   outs(%out : tensor<12xf32>) {
    ^bb0(%arg7: f32, %arg9: f32):
      %1 = arith.mulf %arg7, %arg7 : f32
      %2 = arith.addf %1, %arg9 : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_linalg_op, %combining_linalg_op, %for_op =
      transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 7]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
