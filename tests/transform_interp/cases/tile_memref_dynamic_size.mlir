// A structured op on memrefs tiled with a tile size given by a payload value (%n + 1) on d0 and
// 3 on d2, adapted from MLIR 22 test/Dialect/Linalg/transform-op-tile.mlir (its memref
// matmul): scf.for loops over subviews, d0's step dynamic.
func.func @matmul_memref(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>)
                outs(%C : memref<?x?xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 0, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
