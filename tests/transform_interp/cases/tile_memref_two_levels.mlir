// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir (@matmul_memref) and the
// multi-level tiling tests: a matmul on memrefs tiled twice with scf.for into subviews of
// subviews (the reduction loop tiled at both levels).
func.func @matmul_memref(%A: memref<30x20xf32>, %B: memref<20x25xf32>, %C: memref<30x25xf32>) {
  linalg.matmul ins(%A, %B : memref<30x20xf32>, memref<20x25xf32>) outs(%C : memref<30x25xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:3 = transform.structured.tile_using_for %0 tile_sizes [8, 10, 6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %2, %loops2:2 = transform.structured.tile_using_for %1 tile_sizes [4, 0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
