// Failures of transform ops: a located error at the transform op, a note at the payload op,
// nothing left half-done. xfuse-opt keeps going after each chunk's error (--verify-diagnostics).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s
// Each failure is also a non-zero exit without --verify-diagnostics.
// RUN: not xfuse-opt %s -p xfuse-transform-interpreter 2>&1 | filecheck %s --check-prefix=EXIT

// A handle consumed by tiling cannot be used again (MLIR's handle invalidation).
// CHECK: invalid.mlir:[[# @LINE + 12]]:5: error: op uses a handle invalidated by a previously executed transform op
// CHECK-NEXT: invalid.mlir:[[# @LINE + 9]]:5: note: handle to invalidated ops
// CHECK: invalid.mlir:[[# @LINE + 9]]:5: note: invalidated by this transform op: it consumes its operand #0
// EXIT: error: op uses a handle invalidated by a previously executed transform op
func.func @reuse_consumed(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %l = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %2, %l2 = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Consuming a handle invalidates every handle to the same payload ops: tiling the tile again
// through a fresh handle (%inner) invalidates %tiled, which points to the same matmul; %f, a
// handle to an ancestor, stays valid.
// CHECK: invalid.mlir:[[# @LINE + 14]]:5: error: op uses a handle invalidated by a previously executed transform op
// CHECK-NEXT: invalid.mlir:[[# @LINE + 9]]:5: note: handle to invalidated ops
// CHECK: invalid.mlir:[[# @LINE + 11]]:5: note: invalidated by this transform op
func.func @nested_invalidation(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %0 tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f = transform.get_parent_op %forall {op_name = "func.func"} : (!transform.any_op) -> !transform.any_op
    %inner = transform.structured.match ops{["linalg.matmul"]} in %forall : (!transform.any_op) -> !transform.any_op
    %t2, %forall2 = transform.structured.tile_using_forall %inner tile_sizes [2, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.print %tiled : !transform.any_op
    transform.yield
  }
}

// -----

// A silenceable failure: no parent of the requested kind.
// CHECK: invalid.mlir:[[# @LINE + 10]]:5: error: could not find a parent op that matches all requirements (op_name = "scf.for")
// CHECK-NEXT: invalid.mlir:[[# @LINE + 3]]:3: note: when applied to this op
// CHECK-NEXT: linalg.matmul
func.func @no_parent(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The tiling driver refuses a reduction loop in scf.forall (a definite failure, IR unchanged).
// CHECK: invalid.mlir:[[# @LINE + 9]]:5: error: failed to tile: cannot tile 'linalg.matmul': loop d2 is a reduction
// CHECK-NEXT: invalid.mlir:[[# @LINE + 2]]:3: note: when applied to this op
func.func @forall_reduction(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes [4, 4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A handle typed !transform.op<"..."> must only hold ops of that name.
// CHECK: invalid.mlir:[[# @LINE + 8]]:5: error: incompatible payload operation name: expected 'linalg.fill', got 'linalg.matmul'
func.func @bad_type(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.cast %0 : !transform.any_op to !transform.op<"linalg.fill">
    transform.yield
  }
}

// -----

// A producer with no use inside the containing op cannot be fused (silenceable).
// CHECK: invalid.mlir:[[# @LINE + 13]]:5: error: could not fuse 'linalg.fill' into 'scf.forall': it has no use inside the containing op
// CHECK: note: containing op
func.func @unrelated_producer(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>, %d: tensor<4xf32>) -> (tensor<16x12xf32>, tensor<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%d : tensor<4xf32>) -> tensor<4xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0, %f : tensor<16x12xf32>, tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.fuse_into_containing_op %fill into %1#1 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// split_handle with fewer payload ops than results.
// CHECK: invalid.mlir:[[# @LINE + 8]]:5: error: split handle expected 2 payload ops, got 1
func.func @split(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.split_handle %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tile size handle to an op without a single index result (MLIR's message; more in
// tile-dynamic-invalid.mlir).
// CHECK: invalid.mlir:[[# @LINE + 9]]:5: error: expected sizes to be produced by ops with a single index-type result
func.func @ssa_tile_size(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>, %n: index) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_for %0 tile_sizes [%sz] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A transform op xDSL defines but xfuse does not interpret is named.
// CHECK: invalid.mlir:[[# @LINE + 7]]:5: error: 'transform.get_result' is not supported by xfuse's transform interpreter
func.func @unsupported() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.return"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = "transform.get_result"(%0) <{raw_position_list = array<i64: 0>}> : (!transform.any_op) -> !transform.any_value
    transform.yield
  }
}

// -----

// No entry point.
// CHECK: error: could not find a transform.named_sequence @__transform_main in the payload module
func.func @no_script() {
  return
}

// -----

// On memrefs too, a reduction loop is not tiled with scf.forall.
// CHECK: invalid.mlir:[[# @LINE + 8]]:5: error: failed to tile: cannot tile 'linalg.matmul': loop d2 is a reduction: tiling it with scf.forall would make parallel tiles race on the output buffer
func.func @memref_forall_reduction(%a: memref<16x8xf32>, %b: memref<8x12xf32>, %c: memref<16x12xf32>) {
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x12xf32>) outs(%c : memref<16x12xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes [4, 4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
