// Tile sizes and thread counts given by payload values (op handles), and num_threads on dynamic
// extents, run by xfuse's tiling driver (MLIR 22's semantics; executed against mlir-opt in
// tests/transform_interp/cases/*dynamic*, *handle*, *per_target*).
// RUN: xfuse-opt %s --split-input-file -p xfuse-transform-interpreter | filecheck %s

// tile_using_for [%sz, 0, 4]: %sz is the step of the d0 loop and bounds every tile of d0 (a
// symbol of the affine.min, since it cannot be proven to divide the extent); d2 is static.
// CHECK-LABEL: func.func @for_dynamic_size
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?x?xf32>, %[[N:.*]]: index)
// CHECK: %[[SZ:.*]] = arith.addi %[[N]], %{{.*}} : index
// CHECK: %[[M:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[M]] step %[[SZ]] iter_args(%[[ACC0:.*]] = %[[C]])
// CHECK-NEXT: %[[TI:.*]] = affine.min affine_map<(d0)[s0, s1] -> (s1, (s0 + (d0 * -1)))> (%[[I]])[%[[M]], %[[SZ]]]
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC1:.*]] = %[[ACC0]])
// CHECK-NEXT: %[[TK:.*]] = affine.min affine_map<(d0)[s0] -> (4, (s0 + (d0 * -1)))>
// CHECK-NEXT: tensor.extract_slice %[[A]][%[[I]], %[[K]]] [%[[TI]], %[[TK]]]
// CHECK: %[[T:.*]] = linalg.matmul
// CHECK-NEXT: tensor.insert_slice %[[T]] into %[[ACC1]][%[[I]], 0] [%[[TI]], %{{.*}}]
// CHECK: func.return %[[R]]
func.func @for_dynamic_size(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 0, 4]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A size handle to an arith.constant tiles as the static size does (the divisibility is then
// provable: no affine.min for 4 on 16).
// CHECK-LABEL: func.func @for_constant_handle
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NOT: affine.min
// CHECK: tensor.extract_slice %{{.*}}[%[[I]], 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
func.func @for_constant_handle(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %c4 = arith.constant 4 : index
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [%sz]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Packed dynamic tile sizes *(%sz) on tile_using_forall: one op per tiled loop, the forall has
// dynamic steps.
// CHECK-LABEL: func.func @forall_packed_sizes
// CHECK: %[[T1:.*]] = arith.addi
// CHECK: %[[T2:.*]] = arith.addi
// CHECK: %[[M:.*]] = tensor.dim
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (%[[M]], %[[N]]) step (%[[T1]], %[[T2]]) shared_outs
// CHECK-NEXT: affine.min affine_map<(d0)[s0, s1] -> (s1, (s0 + (d0 * -1)))> (%[[I]])[%[[M]], %[[T1]]]
// CHECK-NEXT: affine.min affine_map<(d0)[s0, s1] -> (s1, (s0 + (d0 * -1)))> (%[[J]])[%[[N]], %[[T2]]]
func.func @forall_packed_sizes(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %t1 = arith.addi %n, %c1 : index
  %t2 = arith.addi %m, %c1 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 tile_sizes *(%sz)
           : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// num_threads [3, 7] on dynamic extents: tile sizes ceildiv(extent, threads) before the forall,
// which runs over the thread ids; thread t's tile starts at t * size and has size
// max(0, min(extent - offset, size)) (MLIR's guard: a thread past the end gets an empty tile).
// CHECK-LABEL: func.func @forall_num_threads_dynamic
// CHECK: %[[M:.*]] = tensor.dim
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[TS0:.*]] = affine.apply affine_map<(d0) -> ((d0 ceildiv 3))> (%[[M]])
// CHECK-NEXT: %[[TS1:.*]] = affine.apply affine_map<(d0) -> ((d0 ceildiv 7))> (%[[N]])
// CHECK-NEXT: scf.forall (%[[T0:.*]], %[[T1:.*]]) in (3, 7) shared_outs(%[[O:.*]] = %{{.*}})
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[T0]], %[[TS0]] : index
// CHECK-NEXT: %[[REM0:.*]] = affine.apply affine_map<(d0, d1) -> ((d0 + (d1 * -1)))> (%[[M]], %[[OFF0]])
// CHECK-NEXT: %[[MIN0:.*]] = affine.min affine_map<()[s0, s1] -> (s0, s1)> ()[%[[REM0]], %[[TS0]]]
// CHECK-NEXT: %[[SZ0:.*]] = affine.max affine_map<()[s0] -> (0, s0)> ()[%[[MIN0]]]
// CHECK-NEXT: %[[OFF1:.*]] = arith.muli %[[T1]], %[[TS1]] : index
// CHECK: %[[SZ1:.*]] = affine.max
// CHECK: %[[R:.*]] = linalg.matmul
// CHECK: tensor.parallel_insert_slice %[[R]] into %[[O]][%[[OFF0]], %[[OFF1]]] [%[[SZ0]], %[[SZ1]]] [1, 1]
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
func.func @forall_num_threads_dynamic(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [3, 7] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
           : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// num_threads [%nt, 3] with %nt a payload value, on static extents 10 and 6: the forall runs
// over %nt threads with tile size ceildiv(10, %nt) (arith.ceildivsi: xDSL's affine maps have no
// semi-affine division); 3 threads divide 6 exactly, so d1's tiles have the static size 2, no
// min and no guard.
// CHECK-LABEL: func.func @forall_num_threads_handle
// CHECK: %[[NT:.*]] = arith.addi
// CHECK: %[[TEN:.*]] = arith.constant 10 : index
// CHECK-NEXT: %[[TS0:.*]] = arith.ceildivsi %[[TEN]], %[[NT]] : index
// CHECK-NEXT: scf.forall (%[[T0:.*]], %[[T1:.*]]) in (%[[NT]], 3)
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[T0]], %[[TS0]] : index
// CHECK: affine.max
// CHECK-NEXT: %[[OFF1:.*]] = affine.apply affine_map<(d0) -> ((d0 * 2))> (%[[T1]])
// CHECK-NOT: affine.m
// CHECK: tensor.extract_slice %{{.*}}[0, %[[OFF1]]] [5, 2] [1, 1] : tensor<5x6xf32> to tensor<5x2xf32>
func.func @forall_num_threads_handle(%A: tensor<10x5xf32>, %B: tensor<5x6xf32>, %C: tensor<10x6xf32>, %n: index) -> tensor<10x6xf32> {
  %c2 = arith.constant 2 : index
  %nt = arith.addi %n, %c2 : index
  %0 = linalg.matmul ins(%A, %B : tensor<10x5xf32>, tensor<5x6xf32>) outs(%C : tensor<10x6xf32>) -> tensor<10x6xf32>
  return %0 : tensor<10x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %nt = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [%nt, 3]
           : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// structured.fuse reads a handle to a constant as its integer (MLIR's rule): tile size 4 on d0.
// CHECK-LABEL: func.func @fuse_constant_handle
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[S4:.*]] iter_args
// CHECK-NEXT: affine.min affine_map<(d0)[s0] -> (4, (s0 + (d0 * -1)))>
// CHECK: linalg.exp
// CHECK: linalg.add
func.func @fuse_constant_handle(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c4 = arith.constant {tile_size} 4 : index
  %0 = linalg.exp ins(%arg0 : tensor<?x?xf32>) outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match attributes{tile_size} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [%sz, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// On memrefs (MLIR's @matmul_memref of tile-to-forall.mlir with 3 and 5 threads): the same
// thread tiles, as subviews written in place by a forall without shared_outs.
// CHECK-LABEL: func.func @forall_memref_num_threads
// CHECK: %[[M:.*]] = memref.dim
// CHECK: %[[N:.*]] = memref.dim
// CHECK: %[[TS0:.*]] = affine.apply affine_map<(d0) -> ((d0 ceildiv 3))> (%[[M]])
// CHECK: scf.forall (%[[T0:.*]], %[[T1:.*]]) in (3, 5) {
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[T0]], %[[TS0]] : index
// CHECK: %[[SZ0:.*]] = affine.max affine_map<()[s0] -> (0, s0)>
// CHECK: %[[OFF1:.*]] = arith.muli %[[T1]]
// CHECK: %[[SZ1:.*]] = affine.max affine_map<()[s0] -> (0, s0)>
// CHECK: memref.subview %{{.*}}[%[[OFF0]], %[[OFF1]]] [%[[SZ0]], %[[SZ1]]] [1, 1]
// CHECK: linalg.matmul
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
func.func @forall_memref_num_threads(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [3, 5] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] )
         : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A memref op tiled by a payload value: the scf.for over subviews has the dynamic step.
// CHECK-LABEL: func.func @for_memref_dynamic_size
// CHECK: %[[SZ:.*]] = arith.addi
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[SZ]] {
// CHECK-NEXT: %[[TI:.*]] = affine.min affine_map<(d0)[s0, s1] -> (s1, (s0 + (d0 * -1)))> (%[[I]])[%{{.*}}, %[[SZ]]]
// CHECK: memref.subview %{{.*}}[%[[I]], 0] [%[[TI]], %{{.*}}] [1, 1]
func.func @for_memref_dynamic_size(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [%sz, 0, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-tile.mlir (@tile_linalg_matmul_dynamic):
// one size handle used for two loops ([%1, %1, 4]); the size comes from a call, so the d0 and d1
// tiles are dynamic and d2's is static.
// CHECK-LABEL: func.func @tile_linalg_matmul_dynamic
// CHECK: %[[SZ:.*]] = func.call @get_dynamic_tile_size() : () -> index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[SZ]] iter_args
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[SZ]] iter_args
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: tensor.extract_slice {{.*}} : tensor<128x128xf32> to tensor<?x4xf32>
// CHECK: tensor.extract_slice {{.*}} : tensor<128x128xf32> to tensor<4x?xf32>
// CHECK: tensor.extract_slice {{.*}} : tensor<128x128xf32> to tensor<?x?xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<4x?xf32>) outs(%{{.*}} : tensor<?x?xf32>) -> tensor<?x?xf32>
func.func private @get_dynamic_tile_size() -> index
func.func @tile_linalg_matmul_dynamic(%arg0: tensor<128x128xf32>, %arg1: tensor<128x128xf32>, %arg2: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %sz = func.call @get_dynamic_tile_size() : () -> index
  %0 = linalg.matmul ins(%arg0, %arg1: tensor<128x128xf32>, tensor<128x128xf32>) outs(%arg2: tensor<128x128xf32>) -> tensor<128x128xf32>
  return %0 : tensor<128x128xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["func.call"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %2, %loops:3 = transform.structured.tile_using_for %0 tile_sizes [%1, %1, 4]
      : (!transform.any_op, !transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
