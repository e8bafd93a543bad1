// tensor.pad fused as a producer (xfuse/interfaces/tiling_pad.py): a tile reads a slice of the
// source and pads it; a tile that may lie entirely in the padding is guarded by an scf.if
// yielding the padding value (MLIR's zero-size-slice guard).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s

// CHECK-LABEL: func.func @fuse_pad
// CHECK-SAME: (%[[SRC:.*]]: tensor<10x10xf32>, %{{.*}}: tensor<16x16xf32>)
// CHECK: %[[CST:.*]] = arith.constant 7.500000e+00 : f32
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[Z0:.*]] = arith.cmpi eq, %[[LEN0:.*]], %{{.*}} : index
// CHECK: %[[Z1:.*]] = arith.cmpi eq, %[[LEN1:.*]], %{{.*}} : index
// CHECK: %[[EMPTY:.*]] = arith.ori %[[Z0]], %[[Z1]] : i1
// CHECK: %[[TILE:.*]] = scf.if %[[EMPTY]] -> (tensor<4x4xf32>) {
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[CST]] : f32) outs(%[[E]] : tensor<4x4xf32>)
// CHECK: scf.yield %[[F]]
// CHECK: } else {
// CHECK: %[[S:.*]] = tensor.extract_slice %[[SRC]][%{{.*}}, %{{.*}}] [%[[LEN0]], %[[LEN1]]] [1, 1]
// CHECK: %[[P:.*]] = tensor.pad %[[S]] low[%{{.*}}, %{{.*}}] high[%{{.*}}, %{{.*}}]
// CHECK: tensor.yield %[[CST]] : f32
// CHECK: %[[C:.*]] = tensor.cast %[[P]] : tensor<?x?xf32> to tensor<4x4xf32>
// CHECK: scf.yield %[[C]]
// CHECK: linalg.exp ins(%[[TILE]] : tensor<4x4xf32>)
func.func @fuse_pad(%arg0: tensor<10x10xf32>, %out: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %cst = arith.constant 7.5 : f32
  %p = tensor.pad %arg0 low[2, 3] high[4, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<10x10xf32> to tensor<16x16xf32>
  %1 = linalg.exp ins(%p : tensor<16x16xf32>) outs(%out : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [4, 4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A padding value computed from the indices cannot fill a tile that may be all padding: the
// producer is not fused (structured.fuse fuses greedily and leaves it), and
// fuse_into_containing_op reports why.
// CHECK: pad.mlir:[[# @LINE + 17]]:5: error: could not fuse 'tensor.pad' into 'scf.for': cannot fuse the producer of 'tensor.extract_slice': the padding value depends on the indices
func.func @index_dependent(%arg0: tensor<10xf32>, %out: tensor<16xf32>) -> tensor<16xf32> {
  %p = tensor.pad %arg0 low[2] high[4] {
  ^bb0(%i: index):
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    tensor.yield %f : f32
  } : tensor<10xf32> to tensor<16xf32>
  %1 = linalg.exp ins(%p : tensor<16xf32>) outs(%out : tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %pad = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.fuse_into_containing_op %pad into %loop
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_using_for on the pad itself (tensor.empty destination, as MLIR): the loops carry the
// empty tensor and the body inserts the guarded pad tile.
// CHECK-LABEL: func.func @tile_pad
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16xf32>
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[E]]) -> (tensor<16xf32>) {
// CHECK: %[[T:.*]] = scf.if %{{.*}} -> (tensor<4xf32>) {
// CHECK: linalg.fill
// CHECK: } else {
// CHECK: tensor.pad
// CHECK: tensor.cast
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[INS:.*]] = tensor.insert_slice %[[T]] into %[[ACC]][%[[I]]] [4] [1]
// CHECK-NEXT: scf.yield %[[INS]]
// CHECK-NOT: linalg.copy
// CHECK: func.return %[[R]]
func.func @tile_pad(%arg0: tensor<10xf32>) -> tensor<16xf32> {
  %cst = arith.constant 7.5 : f32
  %p = tensor.pad %arg0 low[2] high[4] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<10xf32> to tensor<16xf32>
  return %p : tensor<16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
