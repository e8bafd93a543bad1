// memref ops xDSL 0.74 cannot read in custom form or lacks (xfuse/dialects/memref.py), and
// xDSL's own memref ops, cross between xfuse-opt and mlir-opt 22 unchanged (custom and generic
// forms, each diffed against mlir-opt's own reading).
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: xfuse-opt %s --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref-generic.mlir
// RUN: xfuse-opt %t.ref-generic.mlir --print-op-generic | mlir-opt --mlir-print-op-generic > %t.generic-generic.mlir
// RUN: diff %t.ref-generic.mlir %t.generic-generic.mlir

memref.global @zeros : memref<3xf32>
memref.global "private" constant @table : memref<2x2xi32> = dense<[[1, 2], [3, 4]]> {alignment = 16 : i64}
memref.global "private" @scratch : memref<8xf16> = uninitialized
memref.global @scalar : memref<f64> = dense<2.500000e-01>

// CHECK-DAG:   memref.global @zeros : memref<3xf32>
// CHECK-DAG:   memref.global "private" constant @table : memref<2x2xi32> = dense<{{\[}}[1, 2], [3, 4]]> {alignment = 16 : i64}
// CHECK-DAG:   memref.global "private" @scratch : memref<8xf16> = uninitialized
// CHECK-DAG:   memref.global @scalar : memref<f64> = dense<2.500000e-01>
// XFUSE-DAG:   memref.global "private" constant @table : memref<2x2xi32> = dense<{{\[}}[1, 2], [3, 4]]> {alignment = 16 : i64}

func.func @copies_and_casts(%buf: memref<6x?xf32>, %any: memref<*xf32>, %n: index) -> index {
  %fixed = memref.cast %buf : memref<6x?xf32> to memref<6x5xf32>
  %erased = memref.cast %fixed : memref<6x5xf32> to memref<*xf32>
  memref.copy %erased, %any : memref<*xf32> to memref<*xf32>
  %other = memref.alloc(%n) : memref<6x?xf32>
  memref.copy %buf, %other {tag} : memref<6x?xf32> to memref<6x?xf32>
  %r = memref.rank %any : memref<*xf32>
  %r2 = memref.rank %buf {tag} : memref<6x?xf32>
  %p = memref.extract_aligned_pointer_as_index %any : memref<*xf32> -> index
  %s = memref.memory_space_cast %other : memref<6x?xf32> to memref<6x?xf32, 3>
  %t = memref.get_global @table : memref<2x2xi32>
  return %r : index
}
// CHECK-LABEL: func.func @copies_and_casts
// CHECK:         memref.cast %{{.*}} : memref<6x?xf32> to memref<6x5xf32>
// CHECK:         memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// CHECK:         memref.copy %{{.*}}, %{{.*}} {tag} : memref<6x?xf32> to memref<6x?xf32>
// CHECK:         memref.rank %{{.*}} : memref<*xf32>
// CHECK:         memref.extract_aligned_pointer_as_index %{{.*}} : memref<*xf32> -> index
// CHECK:         memref.memory_space_cast %{{.*}} : memref<6x?xf32> to memref<6x?xf32, 3>
// XFUSE-LABEL: func.func @copies_and_casts
// XFUSE:         memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// XFUSE:         memref.rank %{{.*}} {tag} : memref<6x?xf32>

func.func @atomics(%acc: memref<4x4xf32>, %hist: memref<16xi64>, %x: f32, %k: i64, %i: index, %j: index) -> (f32, i64) {
  %old = memref.atomic_rmw maximumf %x, %acc[%i, %j] : (f32, memref<4x4xf32>) -> f32
  %cnt = memref.atomic_rmw addi %k, %hist[%i] : (i64, memref<16xi64>) -> i64
  %xo = memref.atomic_rmw xori %k, %hist[%j] {note = "bits"} : (i64, memref<16xi64>) -> i64
  %sq = memref.generic_atomic_rmw %acc[%i, %j] : memref<4x4xf32> {
  ^bb0(%cur: f32):
    %m = arith.mulf %cur, %cur : f32
    memref.atomic_yield %m : f32
  } {note = "square"}
  return %old, %cnt : f32, i64
}
// CHECK-LABEL: func.func @atomics
// CHECK:         memref.atomic_rmw maximumf %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : (f32, memref<4x4xf32>) -> f32
// CHECK:         memref.atomic_rmw addi
// CHECK:         memref.atomic_rmw xori %{{.*}}, %{{.*}}[%{{.*}}] {note = "bits"} : (i64, memref<16xi64>) -> i64
// CHECK:         memref.generic_atomic_rmw %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x4xf32> {
// CHECK:           memref.atomic_yield %{{.*}} : f32
// CHECK-NEXT:    } {note = "square"}

func.func @buffers(%v: memref<?xf32>, %m: memref<3x7xf32>, %shape: memref<2xindex>, %n: index) -> memref<?xf32> {
  %grown = memref.realloc %v(%n) : memref<?xf32> to memref<?xf32>
  %fixed = memref.realloc %v {alignment = 32 : i64} : memref<?xf32> to memref<64xf32>
  %t = memref.transpose %m (r, c) -> (c, r) : memref<3x7xf32> to memref<7x3xf32, strided<[1, 7]>>
  %flat = memref.reshape %fixed(%shape) : (memref<64xf32>, memref<2xindex>) -> memref<8x8xf32>
  %a, %b = memref.distinct_objects %m, %flat : memref<3x7xf32>, memref<8x8xf32>
  memref.prefetch %a[%n, %n], read, locality<0>, data : memref<3x7xf32>
  memref.prefetch %b[%n, %n], write, locality<3>, instr : memref<8x8xf32>
  %l = memref.load %b[%n, %n] {alignment = 8 : i64, nontemporal = true} : memref<8x8xf32>
  memref.store %l, %a[%n, %n] {alignment = 4 : i64} : memref<3x7xf32>
  return %grown : memref<?xf32>
}
// CHECK-LABEL: func.func @buffers
// CHECK:         memref.realloc %{{.*}}(%{{.*}}) : memref<?xf32> to memref<?xf32>
// CHECK:         memref.realloc %{{.*}} {alignment = 32 : i64} : memref<?xf32> to memref<64xf32>
// CHECK:         memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<3x7xf32> to memref<7x3xf32, strided<[1, 7]>>
// CHECK:         memref.reshape %{{.*}}(%{{.*}}) : (memref<64xf32>, memref<2xindex>) -> memref<8x8xf32>
// CHECK:         memref.distinct_objects %{{.*}}, %{{.*}} : memref<3x7xf32>, memref<8x8xf32>
// CHECK:         memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], read, locality<0>, data : memref<3x7xf32>
// CHECK:         memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<3>, instr : memref<8x8xf32>
// CHECK:         memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64, nontemporal = true} : memref<8x8xf32>
// CHECK:         memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<3x7xf32>

func.func @scopes_and_dma(%src: memref<32xf32>, %dst: memref<32xf32, 2>, %tag: memref<2xi32>, %i: index, %n: index) -> f32 {
  memref.alloca_scope {
    %tmp = memref.alloca() : memref<4xf32>
  }
  %v = memref.alloca_scope -> (f32) {
    %tmp = memref.alloca() : memref<1xf32>
    %x = memref.load %tmp[%i] : memref<1xf32>
    memref.alloca_scope.return %x : f32
  }
  memref.dma_start %src[%i], %dst[%i], %n, %tag[%i] : memref<32xf32>, memref<32xf32, 2>, memref<2xi32>
  memref.dma_start %src[%i], %dst[%i], %n, %tag[%i], %n, %n : memref<32xf32>, memref<32xf32, 2>, memref<2xi32>
  memref.dma_wait %tag[%i], %n : memref<2xi32>
  return %v : f32
}
// CHECK-LABEL: func.func @scopes_and_dma
// CHECK:         memref.alloca_scope {
// CHECK-NEXT:      memref.alloca() : memref<4xf32>
// CHECK-NEXT:    }
// CHECK:         memref.alloca_scope -> (f32) {
// CHECK:           memref.alloca_scope.return %{{.*}} : f32
// CHECK:         memref.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32>, memref<32xf32, 2>, memref<2xi32>
// CHECK:         memref.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<32xf32>, memref<32xf32, 2>, memref<2xi32>
// CHECK:         memref.dma_wait %{{.*}}[%{{.*}}], %{{.*}} : memref<2xi32>
