// The partial-reduction transform ops with reduction_dims, tile_sizes on the forall variant and
// six results (two inits), in MLIR 22's custom syntax: xfuse-opt round-trips them, and their
// generic form is accepted by mlir-opt 22.1.8 (and mlir-opt's generic form by xfuse-opt).
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt --allow-unregistered-dialect | filecheck %s --check-prefix=MLIR
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt | filecheck %s

// CHECK: transform.structured.tile_reduction_using_for %{{.*}} reduction_dims = [2, 1] by tile_sizes = [0, 2, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
// CHECK: transform.structured.tile_reduction_using_forall %{{.*}} reduction_dims = [1, 2] by tile_sizes = [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
// CHECK: transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 3, 5] : (!transform.any_op)
// CHECK: transform.structured.tile_reduction_using_for %{{.*}} by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)

// MLIR: transform.structured.tile_reduction_using_for %{{.*}} reduction_dims = [2, 1] by tile_sizes = [0, 2, 64]
// MLIR: transform.structured.tile_reduction_using_forall %{{.*}} reduction_dims = [1, 2] by tile_sizes = [0, 0, 64]
// MLIR: transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 3, 5]
// MLIR: transform.structured.tile_reduction_using_for %{{.*}} by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.structured.tile_reduction_using_for %0 reduction_dims = [2, 1] by tile_sizes = [0, 2, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %b:4 = transform.structured.tile_reduction_using_forall %0 reduction_dims = [1, 2] by tile_sizes = [0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %c:4 = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 3, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %1, %12, %2, %3, %4, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
