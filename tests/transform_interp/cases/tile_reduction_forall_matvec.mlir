// linalg.matvec by num_threads: 4 threads on the reduction of 30 (chunks of 8, the last one 6).
func.func @matvec(%A: tensor<12x30xf32>, %x: tensor<30xf32>, %y: tensor<12xf32>) -> tensor<12xf32> {
  %0 = linalg.matvec ins(%A, %x : tensor<12x30xf32>, tensor<30xf32>) outs(%y : tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matvec"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 4] mapping = [#gpu.thread<x>] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
