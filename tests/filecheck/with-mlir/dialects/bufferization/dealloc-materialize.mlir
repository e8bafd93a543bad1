// bufferization.dealloc (every optional group), bufferization.materialize_in_destination into
// tensors and into a memref of another memory space, and clone / to_tensor / to_buffer between
// types MLIR lets differ (layout, memory space, encoding, static vs dynamic clone), as MLIR 22
// spells them: xfuse's custom and
// generic printings read back in mlir-opt as mlir-opt's own reading, and the cycle through
// xfuse-opt is stable.
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: xfuse-opt %s | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.cycle.txt
// RUN: diff %t.mlir.txt %t.cycle.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt
// RUN: xfuse-opt %s | filecheck %s

func.func @dealloc(%m0: memref<2xf32>, %m1: memref<4xi32>, %c0: i1, %c1: i1,
                   %r0: memref<?xf32>, %r1: memref<*xf64>) -> (i1, i1, i1) {
  %0:2 = bufferization.dealloc (%m0, %m1 : memref<2xf32>, memref<4xi32>) if (%c0, %c1) retain (%r0, %r1 : memref<?xf32>, memref<*xf64>)
  bufferization.dealloc (%m0 : memref<2xf32>) if (%c0)
  bufferization.dealloc
  %1 = bufferization.dealloc retain (%r0 : memref<?xf32>)
  return %0#0, %0#1, %1 : i1, i1, i1
}
// CHECK-LABEL: func.func @dealloc
// CHECK-NEXT:    %0, %1 = bufferization.dealloc (%m0, %m1 : memref<2xf32>, memref<4xi32>) if (%c0, %c1) retain (%r0, %r1 : memref<?xf32>, memref<*xf64>)
// CHECK-NEXT:    bufferization.dealloc (%m0 : memref<2xf32>) if (%c0)
// CHECK-NEXT:    bufferization.dealloc{{$}}
// CHECK-NEXT:    %2 = bufferization.dealloc retain (%r0 : memref<?xf32>)

func.func @materialize(%src: tensor<?xf32>, %t: tensor<?xf32>, %m: memref<?xf32, 3>, %t5: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.materialize_in_destination %src in %t : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %src in restrict writable %m : (tensor<?xf32>, memref<?xf32, 3>) -> ()
  %1 = bufferization.materialize_in_destination %src in %t5 : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}
// CHECK-LABEL: func.func @materialize
// CHECK:         bufferization.materialize_in_destination %src in restrict writable %m : (tensor<?xf32>, memref<?xf32, 3 : i64>) -> ()

func.func @conversions(%m: memref<?xf32, 2>, %s: memref<?xf32, strided<[1]>>, %t: tensor<4x6xi8>, %d: memref<?xf32>) -> memref<32xf32> {
  %0 = bufferization.to_tensor %m : memref<?xf32, 2> to tensor<?xf32, 7>
  %1 = bufferization.to_buffer %0 : tensor<?xf32, 7> to memref<?xf32, 7>
  %2 = bufferization.to_tensor %s restrict writable : memref<?xf32, strided<[1]>> to tensor<?xf32>
  %3 = bufferization.to_buffer %t read_only {x = 1} : tensor<4x6xi8> to memref<4x6xi8, strided<[?, 1]>, 1>
  %4 = bufferization.clone %d : memref<?xf32> to memref<32xf32>
  return %4 : memref<32xf32>
}
// CHECK-LABEL: func.func @conversions
// CHECK:         bufferization.to_tensor %s restrict writable : memref<?xf32, strided<[1]>> to tensor<?xf32>
// CHECK:         bufferization.to_buffer %t read_only {x = 1 : i64} : tensor<4x6xi8> to memref<4x6xi8, strided<[?, 1]>, 1 : i64>
// CHECK:         bufferization.clone %d : memref<?xf32> to memref<32xf32>
