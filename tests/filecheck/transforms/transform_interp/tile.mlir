// transform.structured.tile_using_for / tile_using_forall run by xfuse's tiling driver; the
// schedule is erased from the output.
// RUN: xfuse-opt %s --split-input-file -p xfuse-transform-interpreter | filecheck %s

// CHECK-NOT: transform.
// CHECK-LABEL: func.func @tile_for_interchange
// CHECK-SAME: (%[[A:.*]]: tensor<45x70xf32>, %[[B:.*]]: tensor<70x55xf32>, %[[C:.*]]: tensor<45x55xf32>)
// The loops follow the interchange [1, 2, 0]: N (step 20), K (step 30), M (step 10).
// CHECK: %[[R:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC0:.*]] = %[[C]]) -> (tensor<45x55xf32>) {
// CHECK: affine.min affine_map<(d0) -> (20, ((d0 * -1) + 55))>
// CHECK: scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC1:.*]] = %[[ACC0]])
// CHECK: affine.min affine_map<(d0) -> (30, ((d0 * -1) + 70))>
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC2:.*]] = %[[ACC1]])
// CHECK: tensor.extract_slice %[[A]][%[[I]], %[[K]]]
// CHECK: tensor.extract_slice %[[B]][%[[K]], %[[J]]]
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[ACC2]][%[[I]], %[[J]]]
// CHECK: %[[T:.*]] = linalg.matmul {{.*}} outs(%[[OUT]] : tensor<?x?xf32>)
// CHECK: tensor.insert_slice %[[T]] into %[[ACC2]][%[[I]], %[[J]]]
// CHECK: func.return %[[R]]
func.func @tile_for_interchange(%arg0 : tensor<45x70xf32>, %arg1 : tensor<70x55xf32>, %arg2 : tensor<45x55xf32>) -> tensor<45x55xf32> {
  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<45x70xf32>, tensor<70x55xf32>)
      outs(%arg2 : tensor<45x55xf32>) -> tensor<45x55xf32>
  return %0 : tensor<45x55xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %loops:3 = transform.structured.tile_using_for %matmul tile_sizes [10, 20, 30] interchange = [1, 2, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// num_threads [10, 21] on 100x300: tile sizes 10 and ceil(300 / 21) = 15, i.e. a 10x20 forall
// (MLIR's has 10x21 threads, the last with an empty tile); the mapping is kept.
// CHECK-LABEL: func.func @forall_num_threads
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (100, 300) step (10, 15) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<100x300xf32>) {
// CHECK: %[[T:.*]] = linalg.matmul {{.*}} -> tensor<10x15xf32>
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[T]] into %[[O]][%[[I]], %[[J]]] [10, 15] [1, 1]
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
func.func @forall_num_threads(%A: tensor<100x200xf32>, %B: tensor<200x300xf32>, %C: tensor<100x300xf32>) -> tensor<100x300xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<100x200xf32>, tensor<200x300xf32>)
                    outs(%C : tensor<100x300xf32>) -> (tensor<100x300xf32>)
  return %0 : tensor<100x300xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [10, 21] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
           : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Tile sizes from transform.param values; a zero leaves the loop untiled. The loop handles
// are typed !transform.op<"scf.for">, checked against the payload.
// CHECK-LABEL: func.func @param_sizes
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: linalg.matmul {{.*}} -> tensor<8x12xf32>
func.func @param_sizes(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %c8 = transform.param.constant 8 : i64 -> !transform.param<i64>
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [%c8, 0, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.op<"scf.for">)
    transform.yield
  }
}

// -----

// Linalg ops on memrefs tile into memref.subview (no iter_args: the tiled op writes in place);
// tiling the tile again takes subviews of subviews.
// CHECK-LABEL: func.func @matmul_memref
// CHECK-SAME: (%[[A:.*]]: memref<30x20xf32>, %[[B:.*]]: memref<20x25xf32>, %[[C:.*]]: memref<30x25xf32>)
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[SA:.*]] = memref.subview %[[A]][%[[I]], 0] [%{{.*}}, 20] [1, 1] : memref<30x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
// CHECK: %[[SB:.*]] = memref.subview %[[B]][0, %[[J]]] [20, %{{.*}}] [1, 1] : memref<20x25xf32> to memref<20x?xf32, strided<[25, 1], offset: ?>>
// CHECK: %[[SC:.*]] = memref.subview %[[C]][%[[I]], %[[J]]] [%{{.*}}, %{{.*}}] [1, 1] : memref<30x25xf32> to memref<?x?xf32, strided<[25, 1], offset: ?>>
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.subview %[[SA]][0, %[[K]]] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
// CHECK: memref.subview %[[SB]][%[[K]], 0]
// CHECK: memref.subview %[[SC]][0, 0]
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<?x?xf32, strided<[20, 1], offset: ?>>, memref<?x?xf32, strided<[25, 1], offset: ?>>) outs(%{{.*}} : memref<?x?xf32, strided<[25, 1], offset: ?>>)
// CHECK-NOT: linalg.matmul
func.func @matmul_memref(%A: memref<30x20xf32>, %B: memref<20x25xf32>, %C: memref<30x25xf32>) {
  linalg.matmul ins(%A, %B : memref<30x20xf32>, memref<20x25xf32>) outs(%C : memref<30x25xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [8, 10] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %2, %loop = transform.structured.tile_using_for %1 tile_sizes [0, 0, 6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
