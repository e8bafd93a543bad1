// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir (@matmul_memref: num_threads on
// an op on memrefs with dynamic extents, with a mapping): 3 and 5 threads on extents of 8, a
// forall over thread ids writing subviews; thread 4 of d1 gets an empty tile (ceildiv(8, 5) = 2).
func.func @matmul_memref(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>)
                outs(%C : memref<?x?xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [3, 5] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
         : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
