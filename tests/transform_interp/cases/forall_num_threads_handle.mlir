// num_threads given by a payload value (%n + 2, 3 to 6 threads) on a static extent of 10, and a
// static 4 on an extent of 6, adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir
// (@matmul_static with a size-producing op): the forall runs over the thread ids, the tile size
// ceildiv(10, %nt) is computed before it, and the guard keeps the tiles of the threads past the
// end empty.
func.func @matmul_threads_handle(%A: tensor<10x5xf32>, %B: tensor<5x6xf32>, %C: tensor<10x6xf32>, %n: index) -> tensor<10x6xf32> {
  %c2 = arith.constant 2 : index
  %nt = arith.addi %n, %c2 : index
  %0 = linalg.matmul ins(%A, %B : tensor<10x5xf32>, tensor<5x6xf32>)
                    outs(%C : tensor<10x6xf32>) -> (tensor<10x6xf32>)
  return %0 : tensor<10x6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %nt = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [%nt, 4]
           : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
