// transform.sequence failures(suppress | propagate): the silenceable/definite distinction.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s

// suppress: the silenceable failure of get_parent_op is dropped, its result is an empty handle
// (the print shows nothing under its header), and the tiling after it still runs.
// CHECK: {{\[\[\[}} IR printer: empty after a suppressed failure ]]]
// CHECK-NEXT: builtin.module
// CHECK-LABEL: func.func @suppressed
// CHECK: scf.for
// CHECK: linalg.matmul {{.*}} -> tensor<4x12xf32>
func.func @suppressed(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    transform.sequence %arg1 : !transform.any_op failures(suppress) {
    ^bb0(%arg2: !transform.any_op):
      %0 = transform.structured.match ops{["linalg.matmul"]} in %arg2 : (!transform.any_op) -> !transform.any_op
      %p = transform.get_parent_op %0 {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
      transform.print %p {name = "empty after a suppressed failure"} : !transform.any_op
      %1, %l = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

// propagate: the same failure ends the interpretation with the error.
// CHECK: sequence.mlir:[[# @LINE + 11]]:7: error: could not find a parent op that matches all requirements (op_name = "scf.for")
// CHECK-NEXT: sequence.mlir:[[# @LINE + 2]]:3: note: when applied to this op
func.func @propagated(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    transform.sequence %arg1 : !transform.any_op failures(propagate) {
    ^bb0(%arg2: !transform.any_op):
      %0 = transform.structured.match ops{["linalg.matmul"]} in %arg2 : (!transform.any_op) -> !transform.any_op
      %p = transform.get_parent_op %0 {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
      %1, %l = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

// suppress does not suppress a definite failure (a tiling-driver refusal).
// CHECK: sequence.mlir:[[# @LINE + 10]]:7: error: failed to tile: cannot tile 'linalg.matmul': loop d2 is a reduction
func.func @definite(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    transform.sequence %arg1 : !transform.any_op failures(suppress) {
    ^bb0(%arg2: !transform.any_op):
      %0 = transform.structured.match ops{["linalg.matmul"]} in %arg2 : (!transform.any_op) -> !transform.any_op
      %1:2 = transform.structured.tile_using_forall %0 tile_sizes [4, 4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}
