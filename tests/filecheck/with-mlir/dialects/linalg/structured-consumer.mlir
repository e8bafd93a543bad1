// A linalg.generic with two results is fused as the consumer of an op tiled into an scf.forall,
// compiled by mlir-opt 22 and run against the unfused function.
// RUN: xfuse-opt %s -p 'xfuse-tile{loop=forall},xfuse-fuse-consumers{only-marked=true}' | filecheck %s --check-prefix=CONSUMER
// RUN: xfuse-run %s -p 'xfuse-tile{loop=forall},xfuse-fuse-consumers{only-marked=true}' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// A two-result generic (result #1 transposed) fused as the consumer of a tiled op: each result
// gets its own shared_outs and its own insert at its own tile position.
// CONSUMER-LABEL: func.func @two_result_consumer
// CONSUMER:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (12, 10) step (4, 5) shared_outs(%{{.*}} = %{{.*}}, %[[S:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}})
// CONSUMER:           %[[N:.*]] = linalg.negf
// CONSUMER:           %[[R0:.*]], %[[R1:.*]] = linalg.generic {{.*}} ins(%[[N]] : tensor<4x5xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<5x4xf32>)
// CONSUMER:             tensor.parallel_insert_slice %[[R0]] into %[[S]][%[[I]], %[[J]]] [4, 5] [1, 1]
// CONSUMER:             tensor.parallel_insert_slice %[[R1]] into %[[P]][%[[J]], %[[I]]] [5, 4] [1, 1]
func.func @two_result_consumer(%x: tensor<12x10xf32>, %s: tensor<12x10xf32>, %p: tensor<10x12xf32>) -> (tensor<12x10xf32>, tensor<10x12xf32>) {
  %e = tensor.empty() : tensor<12x10xf32>
  %n = linalg.negf {xfuse.tile_sizes = array<i64: 4, 5>} ins(%x : tensor<12x10xf32>) outs(%e : tensor<12x10xf32>) -> tensor<12x10xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #tr], iterator_types = ["parallel", "parallel"], xfuse.fuse} ins(%n : tensor<12x10xf32>) outs(%s, %p : tensor<12x10xf32>, tensor<10x12xf32>) {
  ^bb0(%a: f32, %o1: f32, %o2: f32):
    %sum = arith.addf %a, %a : f32
    %prod = arith.mulf %a, %a : f32
    linalg.yield %sum, %prod : f32, f32
  } -> (tensor<12x10xf32>, tensor<10x12xf32>)
  return %r#0, %r#1 : tensor<12x10xf32>, tensor<10x12xf32>
}
