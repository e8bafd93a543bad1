// Partial-reduction tiling beyond one loop of a linalg.generic: several tiled reduction loops,
// reduction_dims, several inits, named ops, and tile_sizes on the forall variant. Structure
// only; tests/transform_interp/ executes the same kinds of inputs against mlir-opt.
// RUN: xfuse-opt %s --split-input-file -p xfuse-transform-interpreter | filecheck %s

// reduction_dims = [2, 1]: the partial result is indexed (d0, d2, d1); the loops nest in loop
// order (d1 outside); both partial dims become parallel; the merge reduces dims 1 and 2.
// CHECK-LABEL: IR printer: loop ]]]
// CHECK: scf.for
// CHECK-LABEL: func.func @two_loops
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x5x7xf32>)
// CHECK: %[[L:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[F]]) -> (tensor<8x5x7xf32>) {
// CHECK: %[[SZ:.*]] = affine.min affine_map<(d0) -> (7, ((d0 * -1) + 30))> (%[[I]])
// CHECK: %[[IN:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (tensor<8x5x7xf32>) {
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[0, %[[I]], %[[J]]] [8, %[[SZ]], 5] [1, 1, 1]
// CHECK: %[[P:.*]] = tensor.extract_slice %[[B]][0, 0, 0] [8, 5, %[[SZ]]] [1, 1, 1] : tensor<8x5x7xf32> to tensor<8x5x?xf32>
// CHECK: %[[T:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<8x?x5xf32>) outs(%[[P]] : tensor<8x5x?xf32>)
// CHECK: %[[U:.*]] = tensor.insert_slice %[[T]] into %[[B]][0, 0, 0] [8, 5, %[[SZ]]] [1, 1, 1]
// CHECK-NEXT: scf.yield %[[U]]
// CHECK: scf.yield %[[IN]]
// CHECK: linalg.reduce ins(%[[L]] : tensor<8x5x7xf32>) outs(%out : tensor<8xf32>) dimensions = [1, 2]
func.func @two_loops(%arg0: tensor<8x30x20xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>],
   iterator_types = ["parallel", "reduction", "reduction"]}
   ins(%arg0 : tensor<8x30x20xf32>) outs(%out : tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<8xf32>
  return %red : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_for %0 reduction_dims = [2, 1] by tile_sizes = [0, 7, 5]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.print %loop {name = "loop"} : !transform.any_op
    transform.yield
  }
}

// -----

// reduction_dims = [2] with d1 tiled too: d1 stays a reduction in the split op, its tiles
// accumulate into the same 8x5 partial result.
// CHECK-LABEL: func.func @reduction_dims_subset
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x5xf32>)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK: linalg.reduce ins(%{{.*}} : tensor<8x5xf32>) outs(%out : tensor<8xf32>) dimensions = [1]
func.func @reduction_dims_subset(%arg0: tensor<8x30x20xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>],
   iterator_types = ["parallel", "reduction", "reduction"]}
   ins(%arg0 : tensor<8x30x20xf32>) outs(%out : tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<8xf32>
  return %red : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_for %0 reduction_dims = [2] by tile_sizes = [0, 7, 5]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two inits: one fill (each with its combiner's neutral element: NaN for maxnumf, all ones for
// minui) and one merge per init; the handles are bound by position (fill1 is the second fill,
// merge0 the first merge).
// CHECK-LABEL: IR printer: fill1 ]]]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<12x3xi32>)
// CHECK-LABEL: IR printer: merge0 ]]]
// CHECK-NEXT: linalg.reduce ins(%{{.*}} : tensor<12x3xf32>) outs(%o : tensor<12xf32>) dimensions = [1]
// CHECK-LABEL: func.func @two_inits
// CHECK: arith.constant 0x7fc00000 : f32
// CHECK: arith.constant -1 : i32
// CHECK: %[[R:.*]], %[[R2:.*]] = scf.forall (%[[T:.*]]) in (3) shared_outs(%[[S:.*]] = %{{.*}}, %[[S2:.*]] = %{{.*}}) -> (tensor<12x3xf32>, tensor<12x3xi32>) {
// CHECK: %[[O:.*]] = tensor.extract_slice %[[S]][0, %[[T]]] [12, 1] [1, 1] : tensor<12x3xf32> to tensor<12xf32>
// CHECK: %[[O2:.*]] = tensor.extract_slice %[[S2]][0, %[[T]]] [12, 1] [1, 1] : tensor<12x3xi32> to tensor<12xi32>
// CHECK: %[[G:.*]], %[[G2:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<12x10xf32>) outs(%[[O]], %[[O2]] : tensor<12xf32>, tensor<12xi32>)
// CHECK: tensor.parallel_insert_slice %[[G]] into %[[S]][0, %[[T]]] [12, 1] [1, 1]
// CHECK-NEXT: tensor.parallel_insert_slice %[[G2]] into %[[S2]][0, %[[T]]] [12, 1] [1, 1]
// CHECK: linalg.reduce ins(%[[R]] : tensor<12x3xf32>) outs(%o : tensor<12xf32>) dimensions = [1]
// CHECK: arith.maxnumf
// CHECK: linalg.reduce ins(%[[R2]] : tensor<12x3xi32>) outs(%o2 : tensor<12xi32>) dimensions = [1]
// CHECK: arith.minui
func.func @two_inits(%arg0: tensor<12x30xf32>, %o: tensor<12xf32>, %o2: tensor<12xi32>) -> (tensor<12xf32>, tensor<12xi32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%o, %o2 : tensor<12xf32>, tensor<12xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %2 = arith.maxnumf %a, %b : f32
      %i = arith.fptosi %a : f32 to i32
      %3 = arith.minui %i, %c : i32
      linalg.yield %2, %3 : f32, i32
    } -> (tensor<12xf32>, tensor<12xi32>)
  return %r#0, %r#1 : tensor<12xf32>, tensor<12xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill0, %fill1, %split, %merge0, %merge1, %loop = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 3]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.print %fill1 {name = "fill1"} : !transform.any_op
    transform.print %merge0 {name = "merge0"} : !transform.any_op
    transform.yield
  }
}

// -----

// A named op in the for variant: the split op is a linalg.generic with linalg.matmul's maps and
// body, the init map extended with d2.
// CHECK-LABEL: func.func @matmul_for
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<12x10x6xf32>)
// CHECK: scf.for
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<12x6xf32>, tensor<6x10xf32>) outs(%{{.*}} : tensor<12x10x6xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.matmul
// CHECK: linalg.reduce ins(%{{.*}} : tensor<12x10x6xf32>) outs(%out : tensor<12x10xf32>) dimensions = [2]
func.func @matmul_for(%A: tensor<12x30xf32>, %B: tensor<30x10xf32>, %out: tensor<12x10xf32>) -> tensor<12x10xf32> {
  %matmul = linalg.matmul ins(%A, %B: tensor<12x30xf32>, tensor<30x10xf32>) outs(%out: tensor<12x10xf32>) -> tensor<12x10xf32>
  return %matmul : tensor<12x10xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 0, 6]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// forall by tile_sizes (MLIR 22's semantics): the forall steps by the tile size over the
// (dynamic) extent; ceil(N / 5) slots; the slot of an iteration is iv floordiv 5.
// CHECK-LABEL: func.func @forall_tile_sizes
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK: %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK: %[[N:.*]] = affine.apply affine_map<(d0) -> ((d0 ceildiv 5))> (%[[D1]])
// CHECK: %[[E:.*]] = tensor.empty(%[[D0]], %[[N]]) : tensor<?x?xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: scf.forall (%[[IV:.*]]) = (0) to (%[[D1]]) step (5) shared_outs(%[[S:.*]] = %[[F]]) -> (tensor<?x?xf32>) {
// CHECK: %[[SLOT:.*]] = affine.apply affine_map<(d0) -> ((d0 floordiv 5))> (%[[IV]])
// CHECK: %[[SZ:.*]] = affine.min affine_map<(d0, d1) -> (5, (d0 + (d1 * -1)))> (%[[D1]], %[[IV]])
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[0, %[[IV]]] [%[[D0]], %[[SZ]]] [1, 1]
// CHECK: %[[O:.*]] = tensor.extract_slice %[[S]][0, %[[SLOT]]] [%[[D0]], 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x?xf32>) outs(%[[O]] : tensor<?xf32>)
// CHECK: tensor.parallel_insert_slice %[[G]] into %[[S]][0, %[[SLOT]]] [%[[D0]], 1] [1, 1]
func.func @forall_tile_sizes(%arg0: tensor<?x?xf32>, %out: tensor<?xf32>) -> tensor<?xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<?x?xf32>) outs(%out : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<?xf32>
  return %red : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_forall %0 by tile_sizes = [0, 5]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// num_threads on a dynamic extent: chunks of ceil(N / 5), 5 iterations, sizes floored at 0 (a
// thread past the end gets an empty tile); the split op stays a linalg.reduce.
// CHECK-LABEL: func.func @forall_dynamic_threads
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<4x?xf32>
// CHECK: %[[C:.*]] = affine.apply affine_map<(d0) -> ((d0 ceildiv 5))> (%[[N]])
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK: scf.forall (%[[T:.*]]) in (5) shared_outs(%[[S:.*]] = %{{.*}}) -> (tensor<4x5xf32>) {
// CHECK: %[[OFF:.*]] = arith.muli %[[T]], %[[C]] : index
// CHECK: %[[M:.*]] = affine.min affine_map<(d0, d1, d2) -> (d0, (d1 + (d2 * -1)))> (%[[C]], %[[N]], %[[OFF]])
// CHECK: %[[SZ:.*]] = arith.maxsi %{{.*}}, %[[M]] : index
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[0, %[[OFF]]] [4, %[[SZ]]] [1, 1]
// CHECK: linalg.reduce ins(%[[X]] : tensor<4x?xf32>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]
func.func @forall_dynamic_threads(%arg0: tensor<4x?xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%arg0 : tensor<4x?xf32>) outs(%out : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %x = arith.addf %in, %init : f32
      linalg.yield %x : f32
    }
  return %r : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.reduce"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 5]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// linalg.index in the body is offset by the tile's position (mlir-opt 22.1.8 does not, and
// computes a different result; later MLIR does).
// CHECK-LABEL: func.func @index_offset
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = affine.apply affine_map<(d0, d1) -> ((d0 + d1))> (%[[I]], %[[K]])
// CHECK: arith.index_cast %[[J]] : index to i32
func.func @index_offset(%arg0 : tensor<8x128xf32>, %init: tensor<8xi32>) -> tensor<8xi32> {
  %generic = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%arg0 : tensor<8x128xf32>) outs(%init : tensor<8xi32>) {
    ^bb0(%b0 : f32, %b1 : i32):
      %idx = linalg.index 1 : index
      %idx_i32 = arith.index_cast %idx : index to i32
      %0 = arith.addi %idx_i32, %b1 : i32
      linalg.yield %0 : i32
  } -> tensor<8xi32>
  return %generic : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 32]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
