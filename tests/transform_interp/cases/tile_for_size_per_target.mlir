// MLIR 22's TileUsingForOp reads a size handle per target: the n-th size-producing op gives the
// tile size of the n-th target (here two matmuls, tiled by %n + 1 and %m + 2 on d0 and by 3 on
// d1). Payload adapted from MLIR 22 test/Dialect/Linalg/transform-op-tile.mlir.
func.func @two_matmuls(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>, %D: tensor<?x?xf32>,
                       %n: index, %m: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s0 = arith.addi %n, %c1 : index
  %s1 = arith.addi %m, %c2 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%D : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
