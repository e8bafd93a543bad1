// MLIR 22's custom syntax of linalg.generic and of the named ops xDSL 0.74 has: several results,
// discardable attributes in every dictionary (generic's leading one, `attrs = {...}`, a named
// op's dictionaries before `ins` and after `outs`, the trailing one of transpose/broadcast/reduce),
// and linalg.matmul's `indexing_maps`. mlir-opt 22 in the loop, both ways, and a full cycle
// diffed against mlir-opt's own output.
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s | mlir-opt | filecheck %s --check-prefix=MLIR
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s --check-prefix=MLIR
// RUN: mlir-opt %s | xfuse-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | filecheck %s
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#ma = affine_map<(d0, d1, d2) -> (d2, d0)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#mc = affine_map<(d0, d1, d2) -> (d0, d1)>

// CHECK-LABEL: func.func @generic_two_results
// CHECK:         %{{.*}}, %{{.*}} = linalg.generic {indexing_maps = [{{.*}}], iterator_types = ["parallel"]} ins(%{{.*}} : tensor<1024xf32>) outs(%{{.*}}, %{{.*}} : tensor<1024xf32>, tensor<1024xf32>) attrs =  {xfuse.tile_sizes = array<i64: 32>} {
// CHECK:         } -> (tensor<1024xf32>, tensor<1024xf32>)
// MLIR-LABEL: func.func @generic_two_results
// MLIR:         %{{.*}}:2 = linalg.generic {{.*}} attrs =  {xfuse.tile_sizes = array<i64: 32>} {
// MLIR:         } -> (tensor<1024xf32>, tensor<1024xf32>)
func.func @generic_two_results(%x: tensor<1024xf32>, %a: tensor<1024xf32>, %b: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"], xfuse.tile_sizes = array<i64: 32>} ins(%x : tensor<1024xf32>) outs(%a, %b : tensor<1024xf32>, tensor<1024xf32>) {
  ^bb0(%in: f32, %o1: f32, %o2: f32):
    %n = arith.negf %in : f32
    linalg.yield %in, %n : f32, f32
  } -> (tensor<1024xf32>, tensor<1024xf32>)
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xf32>
}

// Discardable attributes from both dictionaries are merged, sorted, and printed in `attrs =`;
// doc and library_call stay in the leading dictionary.
// CHECK-LABEL: func.func @generic_attrs
// CHECK:         linalg.generic {doc = "hi", indexing_maps = [{{.*}}], iterator_types = ["parallel", "parallel"], library_call = "foo"} ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) attrs =  {aa = 2 : i64, bb = 3 : i64, zz = 1 : i64} {
// MLIR-LABEL: func.func @generic_attrs
// MLIR:         linalg.generic {doc = "hi", {{.*}}, library_call = "foo"} {{.*}} attrs =  {aa = 2 : i64, bb = 3 : i64, zz = 1 : i64} {
func.func @generic_attrs(%x: tensor<4x8xf32>, %y: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = linalg.generic {library_call = "foo", indexing_maps = [#id2, #tr], iterator_types = ["parallel", "parallel"], doc = "hi", zz = 1, aa = 2} ins(%x : tensor<4x8xf32>) outs(%y : tensor<8x4xf32>) attrs = {bb = 3} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// A generic on memrefs has no results.
// CHECK-LABEL: func.func @generic_memref
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : memref<4xf32>) outs(%{{.*}} : memref<4xf32>) attrs =  {xfuse.fuse} {
// CHECK:         }
// CHECK-NEXT:    return
func.func @generic_memref(%x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"], xfuse.fuse} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// Named ops: a dictionary before `ins` and one after `outs` are merged into the one MLIR prints
// before `ins`; linalg.matmul keeps non-default indexing_maps (printed first) and `cast`.
// CHECK-LABEL: func.func @named
// CHECK:         linalg.exp {bar = 2 : i64, foo = 1 : i32} ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         linalg.add {xfuse.fuse} ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         linalg.fill {tt = 1 : i64} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         linalg.matmul {tt = 1 : i64} ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         linalg.matmul indexing_maps = [{{.*}}] ins(%{{.*}}, %{{.*}} : tensor<8x4xf32>, tensor<8x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]  {tt = 1 : i64}
// CHECK:         linalg.broadcast ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4x8xf32>) dimensions = [1]  {tt = 2 : i64}
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]  {tt = 3 : i64}
// MLIR-LABEL: func.func @named
// MLIR:         linalg.exp {bar = 2 : i64, foo = 1 : i32} ins(
// MLIR:         linalg.add {xfuse.fuse} ins(
// MLIR:         linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(
// MLIR:         permutation = [1, 0]  {tt = 1 : i64}
// MLIR:         dimensions = [1]  {tt = 3 : i64}
func.func @named(%x: tensor<4x8xf32>, %y: tensor<8x8xf32>, %xt: tensor<8x4xf32>, %v: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %e = linalg.exp {foo = 1 : i32} ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) {bar = 2} -> tensor<4x8xf32>
  %a = linalg.add ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) {xfuse.fuse} -> tensor<4x8xf32>
  %f = linalg.fill {tt = 1} ins(%cst : f32) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul {tt = 1} ins(%x, %y : tensor<4x8xf32>, tensor<8x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mt = linalg.matmul indexing_maps = [#ma, #mb, #mc] ins(%xt, %y : tensor<8x4xf32>, tensor<8x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%xt : tensor<8x4xf32>) permutation = [1, 0] {tt = 1}
  %b = linalg.broadcast ins(%v : tensor<4xf32>) outs(%x : tensor<4x8xf32>) dimensions = [1] {tt = 2}
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1] {tt = 3}
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %e, %a, %f, %m, %mt, %t, %b, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<4xf32>
}
