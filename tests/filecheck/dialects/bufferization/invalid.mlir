// Verifier errors of bufferization.dealloc and bufferization.materialize_in_destination.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @dealloc_condition_count(%m: memref<2xf32>, %c: i1) {
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<2xf32>, i1, i1) -> ()
  return
}
// CHECK: must have the same number of conditions as memrefs to deallocate

// -----

func.func @dealloc_result_count(%m: memref<2xf32>) {
  %0:2 = "bufferization.dealloc"(%m) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (memref<2xf32>) -> (i1, i1)
  return
}
// CHECK: must have the same number of updated conditions (results) as retained operands

// -----

func.func @memref_dest_not_writable(%src: tensor<4xf32>, %m: memref<4xf32>) {
  bufferization.materialize_in_destination %src in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}
// CHECK: 'writable' must be specified if and only if the destination is of memref type

// -----

func.func @tensor_dest_restrict(%src: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bufferization.materialize_in_destination %src in restrict %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// CHECK: 'restrict' is valid only for memref destinations

// -----

func.func @shape_mismatch(%src: tensor<4xf32>, %t: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.materialize_in_destination %src in %t : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
// CHECK: source/destination shapes are incompatible

// -----

func.func @element_mismatch(%src: tensor<4xf32>, %m: memref<4xf16>) {
  bufferization.materialize_in_destination %src in writable %m : (tensor<4xf32>, memref<4xf16>) -> ()
  return
}
// CHECK: failed to verify that all of {source, dest} have same element type

// -----

func.func @to_tensor_shape(%m: memref<4xf32>) -> tensor<5xf32> {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}
// CHECK: shapes do not match

// -----

func.func @to_tensor_element_type(%m: memref<4xf32>) -> tensor<4xf16> {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}
// CHECK: element types do not match

// -----

func.func @to_buffer_ranked_from_unranked(%t: tensor<*xf32>) -> memref<4xf32> {
  %0 = bufferization.to_buffer %t : tensor<*xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
// CHECK: shapes do not match
