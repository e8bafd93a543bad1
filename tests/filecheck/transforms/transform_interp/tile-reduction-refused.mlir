// What partial-reduction tiling refuses, and why: each case is refused before any IR changes,
// with the reason at the transform op and a note at the payload op.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s

// No non-zero tile size (mlir-opt 22.1.8 aborts on an assertion here).
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': no reduction loop has a non-zero tile size
func.func @nothing_tiled(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// forall: a tiled loop that is not a partial dim would have several iterations write the same
// slot (mlir-opt 22.1.8 emits that race, or indexes past the partial result with num_threads).
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': loop d1 is tiled but not in reduction_dims
func.func @forall_stray_loop(%arg0: tensor<8x30x20xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
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
    %f, %s, %c, %l = transform.structured.tile_reduction_using_forall %0 reduction_dims = [2] by tile_sizes = [0, 4, 6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two inits give six results (two fills, the split op, two merges, the loop): four is MLIR's
// definite failure.
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 15]]:5: error: application of transform.structured.tile_reduction_using_for expected to produce 4 results (actually produced 6)
func.func @result_count(%arg0: tensor<12x30xf32>, %o: tensor<12xf32>, %o2: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%o, %o2 : tensor<12xf32>, tensor<12xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %2 = arith.addf %a, %b : f32
      %3 = arith.maximumf %a, %c : f32
      linalg.yield %2, %3 : f32, f32
    } -> (tensor<12xf32>, tensor<12xf32>)
  return %r#0, %r#1 : tensor<12xf32>, tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An argmax: the index init's value depends on the max init's block argument, so neither is a
// single-combiner reduction (MLIR 22: "Failed to anaysis the reduction operation.").
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 18]]:5: error: cannot tile the reduction of 'linalg.generic': init #0: the yielded value is not computed by a supported combiner
func.func @argmax(%arg0: tensor<12x30xf32>, %o: tensor<12xf32>, %o2: tensor<12xi32>) -> (tensor<12xf32>, tensor<12xi32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%o, %o2 : tensor<12xf32>, tensor<12xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %gt = arith.cmpf ogt, %a, %b : f32
      %m = arith.select %gt, %a, %b : f32
      %j = arith.select %gt, %ii, %c : i32
      linalg.yield %m, %j : f32, i32
    } -> (tensor<12xf32>, tensor<12xi32>)
  return %r#0, %r#1 : tensor<12xf32>, tensor<12xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %f2, %s, %c, %c2, %l = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The output block argument used twice (out + out * x): not a single combiner.
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 15]]:5: error: cannot tile the reduction of 'linalg.generic': the combiner must be the only use of the output block argument
func.func @out_used_twice(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%a: f32, %b: f32):
      %1 = arith.mulf %a, %b : f32
      %2 = arith.addf %1, %b : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Buffers: partial results are tensors (MLIR: "expected operation to have tensor semantics").
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 12]]:5: error: cannot tile the reduction of 'linalg.reduce': expected tensor semantics: every init a tensor
func.func @on_memrefs(%arg0: memref<12x30xf32>, %out: memref<12xf32>) {
  linalg.reduce ins(%arg0 : memref<12x30xf32>) outs(%out : memref<12xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %x = arith.addf %in, %init : f32
      linalg.yield %x : f32
    }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.reduce"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// reduction_dims naming a loop the op does not have.
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': reduction_dims: d4 is not a loop of the op
func.func @bad_reduction_dims(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_for %0 reduction_dims = [4] by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// More tile sizes than loops.
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': 3 tile sizes for 2 loops
func.func @too_many_sizes(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f, %s, %c, %l = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 5, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}


// -----

// A mapping per forall dimension: two tiled loops, one mapping entry.
// CHECK: tile-reduction-refused.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': mapping has 1 entries for 2 tiled loops
func.func @mapping_size(%arg0: tensor<8x30x20xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
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
    %f, %s, %c, %l = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 3, 5] mapping = [#gpu.thread<x>] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
