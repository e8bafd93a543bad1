// transform.structured.tile_reduction_using_for: a partial-result tensor filled with the
// combiner's neutral element, accumulated in an scf.for, merged by linalg.reduce.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-transform-interpreter | filecheck %s

// CHECK-LABEL: func.func @reduction_tile
// CHECK-SAME: (%[[IN:.*]]: tensor<12x30xf32>, %[[OUT:.*]]: tensor<12xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<12x7xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<12x7xf32>)
// CHECK: %[[P:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[F]]) -> (tensor<12x7xf32>) {
// CHECK: %[[SZ:.*]] = affine.min affine_map<(d0) -> (7, ((d0 * -1) + 30))> (%[[K]])
// CHECK: %[[S:.*]] = tensor.extract_slice %[[IN]][0, %[[K]]] [12, %[[SZ]]] [1, 1]
// CHECK: %[[PS:.*]] = tensor.extract_slice %[[ACC]][0, 0] [12, %[[SZ]]] [1, 1]
// CHECK: %[[T:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<12x?xf32>) outs(%[[PS]] : tensor<12x?xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.insert_slice %[[T]] into %[[ACC]][0, 0] [12, %[[SZ]]] [1, 1]
// CHECK: %[[R:.*]] = linalg.reduce ins(%[[P]] : tensor<12x7xf32>) outs(%[[OUT]] : tensor<12xf32>) dimensions = [1]
// CHECK: arith.addf
// CHECK: func.return %[[R]]
func.func @reduction_tile(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%arg7: f32, %arg9: f32):
      %1 = arith.mulf %arg7, %arg7 : f32
      %2 = arith.addf %1, %arg9 : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_op, %combining_op, %for_op =
      transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 7]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.print %combining_op {name = "merge"} : !transform.any_op
    transform.yield
  }
}

// -----

// A tile size on a parallel loop is refused (silenceable), naming the loop.
// CHECK: tile-reduction.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': loop d0 is parallel: only reduction loops take a non-zero tile size
func.func @parallel_tiled(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%arg7: f32, %arg9: f32):
      %2 = arith.addf %arg7, %arg9 : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_op, %combining_op, %for_op =
      transform.structured.tile_reduction_using_for %0 by tile_sizes = [4, 7]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A body whose yielded value is not a supported combiner is refused.
// CHECK: tile-reduction.mlir:[[# @LINE + 14]]:5: error: cannot tile the reduction of 'linalg.generic': the yielded value is not computed by a supported combiner
func.func @bad_combiner(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%arg7: f32, %arg9: f32):
      %2 = arith.subf %arg9, %arg7 : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_op, %combining_op, %for_op =
      transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 7]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tile_reduction_using_forall by num_threads: thread t reduces its chunk (8 of 30) serially into
// slot t of the partial result (a rank-reducing slice); the merge is the same linalg.reduce.
// CHECK-LABEL: func.func @reduction_forall
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<12x4xf32>)
// CHECK: %[[P:.*]] = scf.forall (%[[T:.*]]) in (4) shared_outs(%[[S:.*]] = %[[F]]) -> (tensor<12x4xf32>) {
// CHECK: %[[OFF:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[T]])
// CHECK: %[[SZ:.*]] = affine.min affine_map<(d0) -> (8, ((d0 * -1) + 30))> (%[[OFF]])
// CHECK: %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %[[OFF]]] [12, %[[SZ]]] [1, 1]
// CHECK: %[[SLOT:.*]] = tensor.extract_slice %[[S]][0, %[[T]]] [12, 1] [1, 1] : tensor<12x4xf32> to tensor<12xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[IN]] : tensor<12x?xf32>) outs(%[[SLOT]] : tensor<12xf32>)
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[R]] into %[[S]][0, %[[T]]] [12, 1] [1, 1] : tensor<12xf32> into tensor<12x4xf32>
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: linalg.reduce ins(%[[P]] : tensor<12x4xf32>) outs(%{{.*}} : tensor<12xf32>) dimensions = [1]
func.func @reduction_forall(%arg0: tensor<12x30xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
   iterator_types = ["parallel", "reduction"]}
   ins(%arg0 : tensor<12x30xf32>) outs(%out : tensor<12xf32>) {
    ^bb0(%arg7: f32, %arg9: f32):
      %2 = arith.addf %arg7, %arg9 : f32
      linalg.yield %2 : f32
    } -> tensor<12xf32>
  return %red : tensor<12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill_op, %split_op, %combining_op, %forall_op =
      transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 4] mapping = [#gpu.thread<x>]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
