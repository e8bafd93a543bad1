// xfuse-share-buffers: buffers whose uses do not overlap share memory (one arena per block).
// RUN: xfuse-opt %s -p 'xfuse-share-buffers{report=true}' --split-input-file 2>&1 | filecheck %s
// The result goes through mlir-opt 22's verifier.
// RUN: xfuse-opt %s -p xfuse-share-buffers --split-input-file --print-op-generic | mlir-opt --split-input-file | filecheck %s --check-prefix=GENERIC

// A chain a -> b -> c: a is dead when c is first written, so c takes a's place at offset 0;
// b, live with both, goes above a.
// CHECK: remark: share-buffers: @chain: 3 buffers of 1.0 KiB now use 768 B (1 arenas, 0 unused buffers removed)
// CHECK-LABEL: {{^  }}func.func @chain
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[HIGH:.*]] = arith.constant 512 : index
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<768xi8>
// CHECK-NEXT: %[[A:.*]] = memref.view %[[ARENA]][%[[ZERO]]][] : memref<768xi8> to memref<128xf32>
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[HIGH]]][] : memref<768xi8> to memref<64xf32>
// CHECK-NEXT: %[[C:.*]] = memref.view %[[ARENA]][%[[ZERO]]][] : memref<768xi8> to memref<2x32xf32>
// CHECK: linalg.fill {{.*}} outs(%[[A]] : memref<128xf32>)
// CHECK: memref.copy %{{.*}}, %[[B]]
// CHECK: memref.expand_shape %[[B]]
// CHECK: memref.copy %{{.*}}, %[[C]]
// CHECK: memref.copy %[[C]], %{{.*}}
// CHECK-NOT: memref.dealloc %[[A]]
// CHECK-NOT: memref.dealloc %[[B]]
// CHECK: memref.dealloc %[[ARENA]] : memref<768xi8>
// CHECK-NEXT: func.return
// GENERIC: memref.view %{{.*}}[%{{.*}}][] : memref<768xi8> to memref<128xf32>
func.func @chain(%out: memref<2x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<128xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<2x32xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<128xf32>)
  %a_s = memref.subview %a[0] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1]>>
  memref.copy %a_s, %b : memref<64xf32, strided<[1]>> to memref<64xf32>
  %b_e = memref.expand_shape %b [[0, 1]] output_shape [2, 32] : memref<64xf32> into memref<2x32xf32>
  memref.copy %b_e, %c : memref<2x32xf32> to memref<2x32xf32>
  memref.copy %c, %out : memref<2x32xf32> to memref<2x32xf32>
  memref.dealloc %a : memref<128xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<2x32xf32>
  return
}

// -----

// A view extends the live range: a is read through its subview after b is written, and an op
// reading one buffer while writing the other keeps them apart.
// CHECK: remark: share-buffers: @alias: 2 buffers of 512 B now use 512 B (0 arenas, 0 unused buffers removed)
// CHECK-LABEL: {{^  }}func.func @alias
// CHECK-NOT: memref.view
// CHECK: func.return
func.func @alias(%out: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %a_s = memref.subview %a[0] [64] [1] : memref<64xf32> to memref<64xf32, strided<[1]>>
  linalg.fill ins(%zero : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%zero : f32) outs(%b : memref<64xf32>)
  memref.copy %a_s, %out : memref<64xf32, strided<[1]>> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Left alone: a returned buffer, a dynamic one, one freed in another block. An unused one is
// removed.
// CHECK: remark: share-buffers: @escapes: 1 buffers of 256 B now use 0 B (0 arenas, 1 unused buffers removed)
// CHECK-LABEL: {{^  }}func.func @escapes
// CHECK-NEXT: %{{.*}} = arith.constant
// CHECK-NEXT: %[[R:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT: %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NOT: memref<16x4xf32>
// CHECK: func.return %[[R]]
func.func @escapes(%n: index) -> memref<64xf32> {
  %zero = arith.constant 0.0 : f32
  %r = memref.alloc() : memref<64xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %unused = memref.alloc() : memref<16x4xf32>
  linalg.fill ins(%zero : f32) outs(%r : memref<64xf32>)
  linalg.fill ins(%zero : f32) outs(%d : memref<?xf32>)
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %unused : memref<16x4xf32>
  return %r : memref<64xf32>
}

// -----

// Per-tile temporaries inside a loop body share too (each iteration's block is planned alone);
// the top-level buffer used by the loop lives across it.
// CHECK: remark: share-buffers: @tiles: 3 buffers of 384 B now use 320 B (1 arenas, 0 unused buffers removed)
// CHECK-LABEL: {{^  }}func.func @tiles
// CHECK: scf.forall
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-COUNT-2: memref.view
// CHECK: memref.dealloc %{{.*}} : memref<64xi8>
func.func @tiles(%out: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %whole = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%whole : memref<4x16xf32>)
  scf.forall (%i) in (4) {
    %t0 = memref.alloc() : memref<16xf32>
    %t1 = memref.alloc() : memref<16xf32>
    %row = memref.subview %whole[%i, 0] [1, 16] [1, 1] : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.copy %row, %t0 : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32>
    %dst = memref.subview %out[%i, 0] [1, 16] [1, 1] : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.copy %t0, %dst : memref<16xf32> to memref<16xf32, strided<[1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%t1 : memref<16xf32>)
    memref.copy %t1, %dst : memref<16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.dealloc %t0 : memref<16xf32>
    memref.dealloc %t1 : memref<16xf32>
  }
  memref.dealloc %whole : memref<4x16xf32>
  return
}
