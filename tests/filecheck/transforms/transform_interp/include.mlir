// transform.include: a named sequence called with handles, its yielded handles as results;
// a consumed argument invalidates the caller's handle to the same ops.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s
// RUN: xfuse-opt %s --split-input-file --print-op-generic | mlir-opt --split-input-file | filecheck %s --check-prefix=MLIR

// MLIR: transform.include @tile failures(propagate) (%{{.*}}) : (!transform.any_op) -> !transform.any_op

// CHECK: {{\[\[\[}} IR printer: loop from the callee ]]]
// CHECK-NEXT: scf.for
// CHECK-LABEL: func.func @f
// CHECK: scf.for
// CHECK: linalg.matmul {{.*}} -> tensor<4x12xf32>
func.func @f(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%arg0: !transform.any_op {transform.consumed}) -> !transform.any_op {
    %1, %l = transform.structured.tile_using_for %arg0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %l : !transform.any_op
  }
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %l = transform.include @tile failures(propagate) (%0) : (!transform.any_op) -> !transform.any_op
    transform.print %l {name = "loop from the callee"} : !transform.any_op
    transform.yield
  }
}

// -----

// The callee consumed %0 (its argument is {transform.consumed}): the caller may not use it.
// CHECK: include.mlir:[[# @LINE + 13]]:5: error: op uses a handle invalidated by a previously executed transform op
func.func @g(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%arg0: !transform.any_op {transform.consumed}) -> !transform.any_op {
    %1, %l = transform.structured.tile_using_for %arg0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %l : !transform.any_op
  }
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %l = transform.include @tile failures(propagate) (%0) : (!transform.any_op) -> !transform.any_op
    transform.print %0 : !transform.any_op
    transform.yield
  }
}
