// Tile sizes and thread counts given by payload values that cannot be used: MLIR 22's
// diagnostics for handles of the wrong size or to ops without one index result, and xfuse's for
// a value that does not dominate the loops (mlir-opt builds the loops and fails the verifier:
// "operand #2 does not dominate this use").
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s
// RUN: not xfuse-opt %s -p xfuse-transform-interpreter 2>&1 | filecheck %s --check-prefix=EXIT
// (Without split-input-file the chunks form one module, so only the located error is checked.)

// tile_using_for: a size handle must hold one op per target (here 3 constants for 1 matmul).
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 14]]:5: error: expected as many dynamic size-producing operations (3) as target ops (1)
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 12]]:5: note: for this handle
// EXIT: tile-dynamic-invalid.mlir:{{[0-9]+}}:5: error: 
func.func @too_many_producers(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 8] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_using_for: the size producer must have a single index result.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 11]]:5: error: expected sizes to be produced by ops with a single index-type result
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 2]]:1: note: size producer op
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 8]]:5: note: for this handle
func.func @not_index(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 8] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tile size computed after the op being tiled would not dominate the loops built before it:
// refused before any IR is built (mlir-opt 22 emits the loops and fails to verify).
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 12]]:5: error: failed to tile: cannot tile 'linalg.matmul': tile size #0 (%k) is not defined above the op being tiled: it would not dominate the loops built before the op
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 3]]:3: note: when applied to this op
func.func @not_dominating(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>, %n: index) -> (tensor<16x12xf32>, index) {
  %c5 = arith.constant 5 : index
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  %k = arith.addi %n, %c5 : index
  return %0, %k : tensor<16x12xf32>, index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 8] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A value defined in a sibling region does not dominate either.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 14]]:5: error: failed to tile: cannot tile 'linalg.matmul': thread count #0 (%k) is not defined above the op being tiled
func.func @sibling_region(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>, %n: index, %p: i1) -> tensor<16x12xf32> {
  scf.if %p {
    %c5 = arith.constant 5 : index
    %k = arith.addi %n, %c5 : index
    scf.yield
  }
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %nt = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [%nt, 2] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_using_forall: a size handle must hold exactly one op (used for every target).
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 12]]:5: error: handle must be mapped to exactly one payload op
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 10]]:5: note: mapped to 2 payload ops
func.func @forall_two_producers(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes [%sz, 4] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_using_forall: the op must have exactly one index result.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 11]]:5: error: payload op must have exactly 1 index result
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 2]]:3: note: has 1 results
func.func @forall_f32_producer(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %f = arith.constant 1.0 : f32
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %nt = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [%nt] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_using_for: a param entry holds one value per target (here 1 param for 2 matmuls).
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 11]]:5: error: expected as many parameter values (1) as target ops (2)
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 9]]:5: note: for this parameter
func.func @param_per_target(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> (tensor<16x12xf32>, tensor<16x12xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0, %1 : tensor<16x12xf32>, tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 4 : i64 -> !transform.param<i64>
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [%p] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// structured.fuse only reads constants (MLIR 22 reifies its sizes to integers).
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 12]]:5: error: requires param or handle to be the result of a constant like op
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 3]]:3: note: size producer op
func.func @fuse_not_constant(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>, %n: index) -> tensor<16x12xf32> {
  %c5 = arith.constant 5 : index
  %k = arith.addi %n, %c5 : index
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [%sz, 8] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Scalable tile sizes stay refused.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 8]]:5: error: scalable tile sizes are not supported by xfuse
func.func @scalable(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [[4], 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// On memrefs too (transforms/tile_memref.py), a size computed after the op is refused.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 12]]:5: error: failed to tile: cannot tile 'linalg.matmul': tile size #0 (%k) is not defined above the op being tiled
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 3]]:3: note: when applied to this op
func.func @memref_not_dominating(%a: memref<16x8xf32>, %b: memref<8x12xf32>, %c: memref<16x12xf32>, %n: index) -> index {
  %c5 = arith.constant 5 : index
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x12xf32>) outs(%c : memref<16x12xf32>)
  %k = arith.addi %n, %c5 : index
  return %k : index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 8] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tensor.pad target (tiled through a copy, transforms/tile_pad.py): the refusal names the pad.
// CHECK: tile-dynamic-invalid.mlir:[[# @LINE + 15]]:5: error: failed to tile: cannot tile 'tensor.pad': tile size #0 (%sz) is not defined above the op being tiled
// CHECK-NEXT: tile-dynamic-invalid.mlir:[[# @LINE + 2]]:3: note: when applied to this op
func.func @pad_not_dominating(%t: tensor<?x?xf32>, %v: f32, %n: index) -> (tensor<?x?xf32>, index) {
  %0 = tensor.pad %t low[3, 4] high[5, 3] {
    ^bb0(%a: index, %b: index):
      tensor.yield %v : f32
    } : tensor<?x?xf32> to tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  return %0, %sz : tensor<?x?xf32>, index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %loops:2 = transform.structured.tile_using_for %pad tile_sizes [%sz, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
