// memref.reinterpret_cast verified as MLIR 22 does: a dynamic result size, offset or stride may
// stand for a static one given (xDSL 0.74 wanted them equal); unranked sources.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s

// CHECK-LABEL: func.func @dynamic_result(
func.func @dynamic_result(%m: memref<?xf32>, %n: index, %u: memref<*xf32>) {
  // CHECK-NEXT: memref.reinterpret_cast %{{.*}} to offset: [1], sizes: [10, 10], strides: [1, 1] : memref<?xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
  %0 = memref.reinterpret_cast %m to offset: [1], sizes: [10, 10], strides: [1, 1] : memref<?xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
  // CHECK-NEXT: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [%{{.*}}, 4], strides: [%{{.*}}, 1] : memref<?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [%n], sizes: [%n, 4], strides: [%n, 1] : memref<?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  // CHECK-NEXT: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<*xf32> to memref<3x4xf32>
  %2 = memref.reinterpret_cast %u to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<*xf32> to memref<3x4xf32>
  return
}
