// linalg.reduce (a named op MLIR 22's PartialReductionOpInterface covers, like every linalg op):
// the payload of MLIR's @reduction_tile_transpose test as a linalg.reduce with maximumf; the
// split op is a linalg.generic with the reduce's body, the neutral element -inf.
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
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 7] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
