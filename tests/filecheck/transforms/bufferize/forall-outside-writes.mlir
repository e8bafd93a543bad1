// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// RUN: xfuse-run %s --entry two_inits -p xfuse-bufferize --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry per_iteration -p xfuse-bufferize --check | filecheck %s --check-prefix=EXEC
// A write inside an scf.forall into memory that exists before the loop (not through the loop's
// own shared_outs) is out of place: the iterations may run in parallel and would all write one
// buffer.

// What cse leaves after diffusion (random program 47 of the dynamic-shape generator, reduced):
// one tensor.empty is the shared_out's init and, through an extract_slice, the fill's init; the
// two-result generic writes its first result into the shared_out's tile and its second into the
// fill's. They must be two buffers, or the second result overwrites the first.
// CHECK-LABEL: func.func @two_inits
// CHECK:         %[[RESULT:.*]] = memref.alloc() : memref<6x6xf32>
// CHECK:         scf.forall
// CHECK:           %[[FILLED:.*]] = memref.alloc() : memref<3x6xf32>
// CHECK-NEXT:      linalg.fill ins(%{{.*}} : f32) outs(%[[FILLED]] : memref<3x6xf32>)
// CHECK:           %[[TILE:.*]] = memref.subview %[[RESULT]]
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%[[TILE]], %[[FILLED]] :
// CHECK:           memref.dealloc %[[FILLED]]
// EXEC: check: ok
func.func @two_inits(%a: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x6xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<6x6xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
    %s = tensor.extract_slice %e[%off, 0] [3, 6] [1, 1] : tensor<6x6xf32> to tensor<3x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%s : tensor<3x6xf32>) -> tensor<3x6xf32>
    %ai = tensor.extract_slice %a[%off, 0] [3, 6] [1, 1] : tensor<6x6xf32> to tensor<3x6xf32>
    %os = tensor.extract_slice %o[%off, 0] [3, 6] [1, 1] : tensor<6x6xf32> to tensor<3x6xf32>
    %g:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ai, %f : tensor<3x6xf32>, tensor<3x6xf32>) outs(%os, %f : tensor<3x6xf32>, tensor<3x6xf32>) {
    ^bb0(%x: f32, %y: f32, %p: f32, %q: f32):
      %one = arith.addf %x, %y : f32
      %two = arith.addf %one, %x : f32
      linalg.yield %one, %two : f32, f32
    } -> (tensor<3x6xf32>, tensor<3x6xf32>)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g#0 into %o[%off, 0] [3, 6] [1, 1] : tensor<3x6xf32> into tensor<6x6xf32>
    }
  }
  return %r : tensor<6x6xf32>
}

// A temporary defined before the loop and written in every iteration: a buffer per iteration.
// CHECK-LABEL: func.func @per_iteration
// CHECK:         scf.forall
// CHECK-NEXT:      %[[SUM:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:      linalg.add ins(%{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>) outs(%[[SUM]] : memref<2xf32>)
// CHECK:           memref.dealloc %[[SUM]]
// CHECK:         func.return
func.func @per_iteration(%out: tensor<8xf32>, %x: tensor<2xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<2xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %f = linalg.add ins(%x, %x : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %g = linalg.mul ins(%f, %f : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
