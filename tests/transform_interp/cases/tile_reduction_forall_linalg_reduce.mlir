// linalg.reduce with tile_reduction_using_forall by tile_sizes: the split op stays a
// linalg.reduce on the tile, writing into its slot.
func.func @reduce_max(%A: tensor<12x30xf32>, %o: tensor<12xf32>) -> tensor<12xf32> {
  %r = linalg.reduce ins(%A : tensor<12x30xf32>) outs(%o : tensor<12xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %x = arith.maximumf %in, %init : f32
      linalg.yield %x : f32
    }
  return %r : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.reduce"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_forall %0 by tile_sizes = [0, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
