// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-tile.mlir (the `[%sz, ...]` mixed tile
// sizes of @tile_linalg_matmul with a size-producing payload op): the size of loop d0 is a
// payload value computed at run time (%n + 1, 2 to 5 on extents of 8), so the loop has a dynamic
// step and every tile of d0 is bounded by affine.min; d2 has a static size 4, d1 is untiled.
func.func @matmul_dynamic_size(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 0, 4]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
