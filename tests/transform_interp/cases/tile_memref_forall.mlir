// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir (@matmul_memref, @copy_memref;
// static shapes): linalg ops on memrefs tiled with scf.forall (num_threads, with a mapping) into
// subviews, the forall without shared_outs.
func.func @matmul_copy_memref(%A: memref<30x20xf32>, %B: memref<20x25xf32>, %C: memref<30x25xf32>, %D: memref<30x25xf32>) {
  linalg.matmul ins(%A, %B : memref<30x20xf32>, memref<20x25xf32>) outs(%C : memref<30x25xf32>)
  linalg.copy ins(%C : memref<30x25xf32>) outs(%D : memref<30x25xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [4, 3] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
         : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %2 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %3:2 = transform.structured.tile_using_forall %2 tile_sizes [7, 10]
         : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
