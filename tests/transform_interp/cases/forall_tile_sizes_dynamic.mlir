// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir
// (@matmul_tile_size_dynamic_dynamic): dynamic extents and packed dynamic tile sizes
// `*(%sz)`, one size-producing op per tiled loop (MLIR's test.dummy ops here compute %n + 1 and
// %m + 2 so the case runs).
func.func @matmul_tile_size_dynamic_dynamic(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>,
                                            %n: index, %m: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %tile_size_1 = arith.addi %n, %c1 : index
  %tile_size_2 = arith.addi %m, %c2 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%C : tensor<?x?xf32>) -> (tensor<?x?xf32>)
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes *(%sz)
           : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
