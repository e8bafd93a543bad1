// xfuse-tile refuses with a located diagnostic on the op, and builds nothing.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-tile | filecheck %s
// Pass options apply to every marked op: these runs check one chunk each.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-tile{loop=forall}' | filecheck %s --check-prefix=FORALL
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-tile{interchange=0,0}' | filecheck %s --check-prefix=PERM
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-tile{interchange=2,0,1,3}' | filecheck %s --check-prefix=PERM-LONG
// No op marked is an error even with tile-sizes given (nothing says what to tile).
// RUN: not xfuse-opt %S/Inputs/tile/unmarked.mlir -p 'xfuse-tile{tile-sizes=4}' 2>&1 | filecheck %s --check-prefix=UNMARKED
// RUN: not xfuse-opt %S/Inputs/tile/unmarked.mlir -p 'xfuse-tile{loop=while}' 2>&1 | filecheck %s --check-prefix=LOOP

// A reduction loop tiled with scf.forall would race on the accumulator.
// FORALL: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'linalg.matmul': loop d2 is a reduction: tiling it with scf.forall would make parallel tiles race on the accumulator (give it tile size 0, or use loop=for)
func.func @forall_reduction(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, 4, 2>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
// With loop=for the same op tiles (this chunk is the positive control of the FORALL run).
// CHECK-LABEL: func.func @forall_reduction
// CHECK-COUNT-3: scf.for

// -----

// PERM: tile-invalid.mlir:[[# @LINE + 3]]:3: error: cannot tile 'linalg.matmul': interchange [0, 0] is not a permutation of the loops 0..2
// PERM-LONG: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'linalg.matmul': interchange [2, 0, 1, 3] has more entries than the op's 3 loops
func.func @interchange(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, 4>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'linalg.matmul': 4 tile sizes given for 3 loops (at most one tile size per loop)
func.func @too_many_sizes(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, 4, 4, 4>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'linalg.matmul': tile sizes must be non-negative, got -4
func.func @negative(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64: 4, -4>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'linalg.matmul': only ops on tensors are tiled (operand #0 is a memref)
func.func @memref(%a: memref<16x8xf32>, %b: memref<8x12xf32>, %c: memref<16x12xf32>) {
  linalg.matmul {xfuse.tile_sizes = array<i64: 4, 4>} ins(%a, %b : memref<16x8xf32>, memref<8x12xf32>) outs(%c : memref<16x12xf32>)
  return
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: cannot tile 'tensor.empty': the op has no tiling model (see register_tiling_model)
func.func @no_model() -> tensor<16xf32> {
  %0 = "tensor.empty"() {xfuse.tile_sizes = array<i64: 4>} : () -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: 'xfuse.tile_sizes' is empty and the pass has no tile-sizes option: nothing says how to tile this op
func.func @empty_sizes_no_default(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64>} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// -----

// CHECK: tile-invalid.mlir:[[# @LINE + 2]]:3: error: 'xfuse.tile_sizes' must be a dense array of integers, e.g. array<i64: 32, 32> (got [4 : i64, 4 : i64])
func.func @array_attr(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = [4, 4]} ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}

// UNMARKED: error: xfuse-tile: no op carries the 'xfuse.tile_sizes' attribute; mark the ops to tile, e.g. {xfuse.tile_sizes = array<i64: 32, 32>} (or array<i64> to use the pass option tile-sizes)
// UNMARKED-NOT: Traceback
// LOOP: xfuse-opt: error: invalid pass pipeline 'xfuse-tile{loop=while}': xfuse-tile option loop: expected one of 'for', 'forall', got 'while'
// LOOP-NOT: Traceback
