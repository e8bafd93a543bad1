// Items MLIR keeps and xDSL 0.74 lost, kept through xfuse's passes and run: a discardable
// attribute in linalg.generic's leading dictionary (`xfuse.fuse`, `xfuse.tile_sizes`) is seen by
// the passes, and a two-result linalg.generic is fused as the producer of its result #1 (whose map
// is transposed) into the loops of a tiled consumer; mlir-opt 22 runs input and output on the
// same random inputs and they must agree.
// RUN: xfuse-opt %s -p 'xfuse-tile,xfuse-fuse-producers{only-marked=true}' | filecheck %s
// RUN: xfuse-run %s --entry two_results -p 'xfuse-tile,xfuse-fuse-producers{only-marked=true}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry two_results -p 'xfuse-tile{loop=forall},xfuse-fuse-producers{only-marked=true}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry two_results -p 'xfuse-tile,xfuse-fuse-producers{only-marked=true}' --pipeline xfuse-bufferize --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry marked_in_dictionary -p xfuse-tile --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @two_results(
// CHECK-SAME:      %[[X:.*]]: tensor<12x10xf32>, %[[S:.*]]: tensor<12x10xf32>, %[[P:.*]]: tensor<10x12xf32>, %[[O:.*]]: tensor<10x12xf32>
// The original stays for result #0, returned.
// CHECK:         %[[R0:.*]], %{{.*}} = linalg.generic {{.*}} outs(%[[S]], %[[P]] : tensor<12x10xf32>, tensor<10x12xf32>) {
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args
// CHECK:           scf.for %[[J:.*]] = {{.*}} iter_args
// CHECK:             %[[XS:.*]] = tensor.extract_slice %[[X]][%[[J]], %[[I]]]
// CHECK:             %[[SS:.*]] = tensor.extract_slice %[[S]][%[[J]], %[[I]]]
// CHECK:             %[[PS:.*]] = tensor.extract_slice %[[P]][%[[I]], %[[J]]]
// CHECK:             %{{.*}}, %[[T1:.*]] = linalg.generic {{.*}} ins(%[[XS]] : tensor<4x5xf32>) outs(%[[SS]], %[[PS]] : tensor<4x5xf32>, tensor<5x4xf32>) {
// CHECK:             linalg.exp ins(%[[T1]] : tensor<5x4xf32>)
// CHECK:         func.return %{{.*}}, %[[R0]]
func.func @two_results(%x: tensor<12x10xf32>, %s: tensor<12x10xf32>, %p: tensor<10x12xf32>, %o: tensor<10x12xf32>) -> (tensor<10x12xf32>, tensor<12x10xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #tr], iterator_types = ["parallel", "parallel"], xfuse.fuse} ins(%x : tensor<12x10xf32>) outs(%s, %p : tensor<12x10xf32>, tensor<10x12xf32>) {
  ^bb0(%a: f32, %o1: f32, %o2: f32):
    %sum = arith.addf %a, %a : f32
    %prod = arith.mulf %a, %a : f32
    linalg.yield %sum, %prod : f32, f32
  } -> (tensor<12x10xf32>, tensor<10x12xf32>)
  %e = linalg.exp {xfuse.tile_sizes = array<i64: 5, 4>} ins(%r#1 : tensor<10x12xf32>) outs(%o : tensor<10x12xf32>) -> tensor<10x12xf32>
  return %e, %r#0 : tensor<10x12xf32>, tensor<12x10xf32>
}

// A generic marked in its leading dictionary is tiled; other attributes stay on the tiled op.
// CHECK-LABEL: func.func @marked_in_dictionary(
// CHECK:         scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) attrs =  {keep.me = 7 : i64} {
// CHECK-NOT:     xfuse.tile_sizes
func.func @marked_in_dictionary(%x: tensor<16x8xf32>, %y: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"], keep.me = 7, xfuse.tile_sizes = array<i64: 4>} ins(%x : tensor<16x8xf32>) outs(%y : tensor<16x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

