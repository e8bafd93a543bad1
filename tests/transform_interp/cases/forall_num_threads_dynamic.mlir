// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir (@matmul: num_threads on dynamic
// extents, with a mapping): thread counts 3 and 7 on extents of 8 give tile sizes 3 and 2; the
// last thread of d0 gets a partial tile and threads 4 to 6 of d1 an empty one (MLIR's
// `max(0, min(ub - offset, size))` guard; thread 5 would otherwise get a size of -2).
func.func @matmul(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%C : tensor<?x?xf32>) -> (tensor<?x?xf32>)
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [3, 7] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
           : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
