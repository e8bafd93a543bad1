// Adapted from MLIR 22 test/Dialect/Linalg/transform-tile-reduction.mlir (a max reduction over
// the leading loop, d0, of a 3-D generic: the partial result gets the reduction loop appended).
func.func @reduction_max(%arg0: tensor<20x6x10xf32>, %out: tensor<6x10xf32>) -> tensor<6x10xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d1, d2)>],
   iterator_types = ["reduction", "parallel", "parallel"]}
   ins(%arg0 : tensor<20x6x10xf32>)
   outs(%out : tensor<6x10xf32>) {
    ^bb0(%a: f32, %b: f32):
      %1 = arith.maximumf %a, %b : f32
      linalg.yield %1 : f32
    } -> tensor<6x10xf32>
  return %red : tensor<6x10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_linalg_op, %combining_linalg_op, %for_op =
      transform.structured.tile_reduction_using_for %0 by tile_sizes = [3]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
