// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse.mlir (@fuse_unary with a tile size
// given by a handle): structured.fuse reads a handle entry as the integer of the constant-like
// op it maps to (MLIR's reifyMixedParamAndHandleResults), here 4 on d0; d1 is tiled by 3 and the
// producer fused into the nest.
func.func @fuse_unary(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c4 = arith.constant {tile_size} 4 : index
  %0 = linalg.exp ins(%arg0 : tensor<?x?xf32>) outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>)
                  outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match attributes{tile_size} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [%sz, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
