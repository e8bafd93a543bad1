// transform.structured.fuse, fuse_into_containing_op and xfuse's fuse_consumer / diffuse, run by
// xfuse's fusion drivers.
// RUN: xfuse-opt %s --split-input-file -p xfuse-transform-interpreter | filecheck %s

// fuse = tile the root, then fuse its producers greedily (the exp into the add's nest).
// CHECK-LABEL: func.func @fuse_unary
// CHECK: %[[R:.*]] = scf.for
// CHECK: scf.for
// CHECK: %[[E:.*]] = linalg.exp ins(%{{.*}} : tensor<?x?xf32>)
// CHECK: linalg.add ins(%[[E]], %{{.*}} : tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK: func.return %[[R]]
func.func @fuse_unary(%arg0: tensor<50x70xf32>, %arg1: tensor<50x70xf32>) -> tensor<50x70xf32> {
  %0 = linalg.exp ins(%arg0 : tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<50x70xf32>, tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  return %1 : tensor<50x70xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [32, 32] interchange [0, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">, !transform.any_op)
    transform.yield
  }
}

// -----

// With {use_forall}: one scf.forall, the producer fused into it.
// CHECK-LABEL: func.func @fuse_forall
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (50, 70) step (32, 32)
// CHECK: linalg.exp
// CHECK: linalg.add
// CHECK: scf.forall.in_parallel
func.func @fuse_forall(%arg0: tensor<50x70xf32>, %arg1: tensor<50x70xf32>) -> tensor<50x70xf32> {
  %0 = linalg.exp ins(%arg0 : tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<50x70xf32>, tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  return %1 : tensor<50x70xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.fuse %0 tile_sizes [32, 32] {use_forall}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// fuse_into_containing_op through the loop's shared_outs: the fill is computed into the slice
// of the loop's block argument, and the loop's init becomes the fill's init.
// CHECK-LABEL: func.func @through_bbarg
// CHECK-SAME: (%[[IN:.*]]: tensor<60xf32>, %[[OUT:.*]]: tensor<60xf32>)
// CHECK: scf.forall (%{{.*}}) in (4) shared_outs(%[[O:.*]] = %[[OUT]])
// CHECK: %[[S:.*]] = tensor.extract_slice %[[O]]
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[S]] : tensor<?xf32>)
// CHECK: linalg.add ins(%{{.*}}, %[[F]] : tensor<?xf32>, tensor<?xf32>) outs(%[[F]] : tensor<?xf32>)
#map1 = affine_map<(d0) -> (d0 * 16)>
#map2 = affine_map<(d0) -> (-(d0 * 16) + 60, 16)>
func.func @through_bbarg(%arg1: tensor<60xf32>, %arg2: tensor<60xf32>) -> tensor<60xf32> {
  %cst = arith.constant 4.200000e+01 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%arg2 : tensor<60xf32>) -> tensor<60xf32>
  %2 = scf.forall (%arg3) in (4) shared_outs(%o = %0) -> (tensor<60xf32>) {
    %3 = affine.apply #map1(%arg3)
    %4 = affine.min #map2(%arg3)
    %5 = tensor.extract_slice %o[%3] [%4] [1] : tensor<60xf32> to tensor<?xf32>
    %6 = tensor.extract_slice %arg1[%3] [%4] [1] : tensor<60xf32> to tensor<?xf32>
    %7 = linalg.add ins(%6, %5 : tensor<?xf32>, tensor<?xf32>) outs(%5 : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %7 into %o[%3] [%4] [1] : tensor<?xf32> into tensor<60xf32>
    }
  }
  func.return %2 : tensor<60xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["scf.forall"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fused, %loop = transform.structured.fuse_into_containing_op %0 into %1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tensor.empty (no tiling model) is cloned into the loop.
// CHECK-LABEL: func.func @untileable
// CHECK-NEXT: scf.forall
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<16xf32>
// CHECK: linalg.exp ins(%{{.*}} : tensor<16xf32>) outs(%[[E]] : tensor<16xf32>)
#map = affine_map<(d0) -> (d0 * 16)>
func.func @untileable(%arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> tensor<64xf32> {
  %0 = tensor.empty() : tensor<16xf32>
  %2 = scf.forall (%arg3) in (4) shared_outs(%o = %arg2) -> (tensor<64xf32>) {
    %3 = affine.apply #map(%arg3)
    %5 = tensor.extract_slice %arg1[%3] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %7 = linalg.exp ins(%5 : tensor<16xf32>) outs(%0 : tensor<16xf32>) -> tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %7 into %o[%3] [16] [1] : tensor<16xf32> into tensor<64xf32>
    }
  }
  func.return %2 : tensor<64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.op<"tensor.empty">
    %1 = transform.structured.match ops{["scf.forall"]} in %arg1 : (!transform.any_op) -> !transform.op<"scf.forall">
    transform.structured.fuse_into_containing_op %0 into %1
      : (!transform.op<"tensor.empty">, !transform.op<"scf.forall">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// transform.xfuse.fuse_consumer: the exp reading the forall's result becomes a second output
// of the forall; the function returns it. The fused consumer is printed through its handle.
// CHECK: {{\[\[\[}} IR printer: fused consumer ]]]
// CHECK-NEXT: linalg.exp ins(%{{.*}} : tensor<16x?xf32>) outs(%{{.*}} : tensor<16x?xf32>) -> tensor<16x?xf32>
// CHECK-LABEL: func.func @consumer
// CHECK: %{{.*}}, %[[R:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}, %[[O2:.*]] = %{{.*}}) -> (tensor<64x48xf32>, tensor<64x48xf32>)
// CHECK: linalg.add
// CHECK: %[[X:.*]] = linalg.exp
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice
// CHECK-NEXT: tensor.parallel_insert_slice %[[X]] into %[[O2]]
// CHECK: func.return %[[R]]
func.func @consumer(%a: tensor<64x48xf32>, %b: tensor<64x48xf32>, %c: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %e = tensor.empty() : tensor<64x48xf32>
  %0 = linalg.add ins(%a, %b : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %1 = linalg.exp ins(%0 : tensor<64x48xf32>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %1 : tensor<64x48xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %exp = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %add tile_sizes [16, 32]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new_loop = transform.xfuse.fuse_consumer %exp into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.op<"scf.forall">)
    transform.print %fused {name = "fused consumer"} : !transform.any_op
    transform.yield
  }
}

// -----

// transform.xfuse.diffuse from the tiled matmul: the fill (producer), the bias add and relu
// (consumers, with the broadcast as producer of the add) all end up in the forall.
// CHECK-LABEL: func.func @mlp
// CHECK: scf.forall
// CHECK-DAG: linalg.fill
// CHECK-DAG: linalg.matmul
// CHECK-DAG: linalg.broadcast
// CHECK-DAG: linalg.add
// CHECK-DAG: linalg.max
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.
// CHECK: func.return
func.func @mlp(%x: tensor<64x32xf32>, %w: tensor<32x48xf32>, %bias: tensor<48xf32>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x32xf32>, tensor<32x48xf32>) outs(%fill : tensor<64x48xf32>) -> tensor<64x48xf32>
  %bcast = linalg.broadcast ins(%bias : tensor<48xf32>) outs(%e : tensor<64x48xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bcast : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %relu = linalg.max ins(%sum, %fill : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %relu : tensor<64x48xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %mm tile_sizes [16, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused = transform.xfuse.diffuse %tiled {cost_model = "smallest"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Tiles of 15 cut the unpack's inner tiles of 8 (37 of 40 elements kept: the last tile is
// partial): as in MLIR 22, the unpack is fused in its covering form: the outer tiles covering
// the 15 elements are unpacked into a temporary and the tile is sliced out of it.
// (Executed against mlir-opt's result: tests/transform_interp/cases/unpack_add_unaligned.mlir.)
// CHECK-LABEL: func.func @unpack_add_unaligned
// CHECK-SAME:      (%[[P:.*]]: tensor<5x8xf32>, %[[B:.*]]: tensor<37xf32>)
// CHECK-NOT:     linalg.unpack
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[T:.*]] = affine.min affine_map<(d0) -> (15, ((d0 * -1) + 37))> (%[[I]])
// CHECK-NEXT:      %[[FIRST:.*]] = affine.apply affine_map<(d0) -> ((d0 floordiv 8))> (%[[I]])
// CHECK-NEXT:      %[[COUNT:.*]] = affine.apply affine_map<(d0, d1) -> ((((((d0 + d1) + -1) floordiv 8) + ((d0 floordiv 8) * -1)) + 1))> (%[[I]], %[[T]])
// CHECK-NEXT:      %[[ROWS:.*]] = affine.apply affine_map<(d0, d1) -> (((((((d0 + d1) + -1) floordiv 8) * 8) + ((d0 floordiv 8) * -8)) + 8))> (%[[I]], %[[T]])
// CHECK-NEXT:      %[[SHIFT:.*]] = affine.apply affine_map<(d0) -> ((d0 mod 8))> (%[[I]])
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[P]][%[[FIRST]], 0] [%[[COUNT]], 8] [1, 1] : tensor<5x8xf32> to tensor<?x8xf32>
// CHECK-NEXT:      %[[E:.*]] = tensor.empty(%[[ROWS]]) : tensor<?xf32>
// CHECK-NEXT:      %[[U:.*]] = linalg.unpack %[[S]] inner_dims_pos = [0] inner_tiles = [8] into %[[E]] : tensor<?x8xf32> -> tensor<?xf32>
// CHECK-NEXT:      %[[US:.*]] = tensor.extract_slice %[[U]][%[[SHIFT]]] [%[[T]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT:      %[[BS:.*]] = tensor.extract_slice %[[B]][%[[I]]] [%[[T]]] [1]
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]]] [%[[T]]] [1]
// CHECK-NEXT:      linalg.add ins(%[[US]], %[[BS]] : tensor<?xf32>, tensor<?xf32>) outs(%[[OS]] : tensor<?xf32>)
func.func @unpack_add_unaligned(%p: tensor<5x8xf32>, %b: tensor<37xf32>) -> tensor<37xf32> {
  %ue = tensor.empty() : tensor<37xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %ue : tensor<5x8xf32> -> tensor<37xf32>
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.add ins(%u, %b : tensor<37xf32>, tensor<37xf32>) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  return %r : tensor<37xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops = transform.structured.fuse %0 tile_sizes [15]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
