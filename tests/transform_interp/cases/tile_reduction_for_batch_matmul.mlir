// linalg.batch_matmul (as in MLIR's tests of named ops): the reduction loop d3 tiled by 4
// (10 does not divide), a 2x6x5x4 partial result.
func.func @batch_matmul(%A: tensor<2x6x10xf32>, %B: tensor<2x10x5xf32>, %C: tensor<2x6x5xf32>) -> tensor<2x6x5xf32> {
  %0 = linalg.batch_matmul ins(%A, %B : tensor<2x6x10xf32>, tensor<2x10x5xf32>) outs(%C : tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.batch_matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
