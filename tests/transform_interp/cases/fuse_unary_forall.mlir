// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse.mlir (@fuse_unary_forall).
func.func @fuse_unary_forall(%arg0: tensor<50x70xf32>, %arg1: tensor<50x70xf32>) -> tensor<50x70xf32> {
  %0 = linalg.exp ins(%arg0 : tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<50x70xf32>, tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  return %1 : tensor<50x70xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.fuse %0 tile_sizes [32, 32] {use_forall}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
