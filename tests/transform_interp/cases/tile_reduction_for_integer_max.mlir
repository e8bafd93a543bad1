// An integer combiner (arith.maxsi, neutral INT32_MIN) on the payload of MLIR's @reduction_tile
// test, static shapes, with a second reduction loop left untiled.
func.func @reduction_maxsi(%arg0: tensor<6x9x7xi32>, %out: tensor<6xi32>) -> tensor<6xi32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0)>],
   iterator_types = ["parallel", "reduction", "reduction"]}
   ins(%arg0 : tensor<6x9x7xi32>)
   outs(%out : tensor<6xi32>) {
    ^bb0(%a: i32, %b: i32):
      %1 = arith.muli %a, %a : i32
      %2 = arith.maxsi %1, %b : i32
      linalg.yield %2 : i32
    } -> tensor<6xi32>
  return %red : tensor<6xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
