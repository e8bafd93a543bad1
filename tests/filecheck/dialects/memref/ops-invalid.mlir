// Verifier errors of the memref ops of xfuse/dialects/memref.py (MLIR 22's rules and wording).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @copy_element_types(%a: memref<4xf32>, %b: memref<4xf16>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf16>
  return
}
// CHECK: requires the same element type for all operands

// -----

func.func @copy_shapes(%a: memref<4xf32>, %b: memref<5xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}
// CHECK: requires the same shape for all operands

// -----

func.func @cast_sizes(%a: memref<4xf32>) {
  %c = memref.cast %a : memref<4xf32> to memref<5xf32>
  return
}
// CHECK: operand type memref<4xf32> and result type memref<5xf32> are cast incompatible

// -----

func.func @atomic_float_kind_on_integers(%m: memref<4xi32>, %v: i32, %i: index) {
  %x = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}
// CHECK: with kind 'addf' expects a floating-point type

// -----

func.func @atomic_integer_kind_on_floats(%m: memref<4xf32>, %v: f32, %i: index) {
  %x = memref.atomic_rmw maxs %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}
// CHECK: with kind 'maxs' expects an integer type

// -----

func.func @atomic_subscripts(%m: memref<4x4xf32>, %v: f32, %i: index) {
  %x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}
// CHECK: expects the number of subscripts to be equal to memref rank

// -----

func.func @realloc_missing_size(%m: memref<4xf32>) {
  %r = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}
// CHECK: missing dimension operand for result type memref<?xf32>

// -----

func.func @realloc_extra_size(%m: memref<4xf32>, %n: index) {
  %r = memref.realloc %m(%n) : memref<4xf32> to memref<8xf32>
  return
}
// CHECK: unnecessary dimension operand for result type memref<8xf32>

// -----

func.func @realloc_element_type(%m: memref<4xf32>) {
  %r = memref.realloc %m : memref<4xf32> to memref<8xi32>
  return
}
// CHECK: different element types specified for source memref type memref<4xf32> and result memref type memref<8xi32>

// -----

func.func @transpose_not_a_permutation(%m: memref<4x4xf32>) {
  %t = memref.transpose %m (i, j) -> (i, i) : memref<4x4xf32> to memref<4x4xf32>
  return
}
// CHECK: expected a permutation map

// -----

func.func @reshape_dynamic_length(%m: memref<16xf32>, %s: memref<?xindex>) {
  %r = memref.reshape %m(%s) : (memref<16xf32>, memref<?xindex>) -> memref<4x4xf32>
  return
}
// CHECK: cannot use shape operand with dynamic length to reshape to statically-ranked memref type

// -----

func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  memref.prefetch %m[%i], read, locality<4>, data : memref<4xf32>
  return
}
// CHECK: attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3

// -----

"memref.global"() <{sym_name = "bad_init", type = memref<2xf32>, initial_value = dense<1> : tensor<2xi32>}> : () -> ()
// CHECK: initial value element expected to be of type f32, but was of type i32

// -----

"memref.global"() <{sym_name = "bad_shape", type = memref<2x2xf32>, initial_value = dense<1.0> : tensor<4xf32>}> : () -> ()
// CHECK: initial value shape expected to be 2, 2 but was 4

// -----

func.func @dma_wait_indices(%tag: memref<2x2xi32>, %i: index, %n: index) {
  memref.dma_wait %tag[%i], %n : memref<2x2xi32>
  return
}
// CHECK: expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1

// -----

func.func @generic_atomic_side_effect(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%old: f32):
    memref.store %old, %m[%i] : memref<4xf32>
    memref.atomic_yield %old : f32
  }
  return
}
// CHECK: body of 'memref.generic_atomic_rmw' should contain only operations with no side effects

// -----

func.func @generic_atomic_argument_type(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%old: i32):
    %c = arith.constant 1.0 : f32
    memref.atomic_yield %c : f32
  }
  return
}
// CHECK: expected block argument of the same type result type

// -----

func.func @atomic_yield_type(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%old: f32):
    %c = arith.constant 1 : i32
    memref.atomic_yield %c : i32
  }
  return
}
// CHECK: types mismatch between yield op: i32 and its parent: f32

// -----

func.func @reinterpret_static_result_dynamic_size(%m: memref<?xf32>, %n: index) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<10x4xf32>
  return
}
// CHECK: expected result type with size = dynamic instead of 10 in dim = 0

// -----

func.func @reinterpret_size(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<?xf32> to memref<10x4xf32>
  return
}
// CHECK: expected result type with size = 3 instead of 10 in dim = 0

// -----

func.func @reinterpret_offset(%m: memref<?xf32>, %n: index) {
  %0 = memref.reinterpret_cast %m to offset: [%n], sizes: [%n, 4], strides: [%n, 1] : memref<?xf32> to memref<?x4xf32>
  return
}
// CHECK: expected result type with offset = dynamic instead of 0

// -----

func.func @reinterpret_stride(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4], strides: [5, 1] : memref<?xf32> to memref<3x4xf32>
  return
}
// CHECK: expected result type with stride = 5 instead of 4 in dim = 0

// -----

func.func @reinterpret_counts(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3], strides: [4, 1] : memref<?xf32> to memref<3x4xf32>
  return
}
// CHECK: expected mixed sizes rank to match mixed strides rank (1 vs 2) so the rank of the result type is well-formed.

// -----

func.func @reinterpret_rank(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4, 5], strides: [4, 1, 1] : memref<?xf32> to memref<3x4xf32>
  return
}
// CHECK: expected 2 size values, got 3

// -----

func.func @reinterpret_offsets(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [3, 4], strides: [4, 1] : memref<?xf32> to memref<3x4xf32>
  return
}
// CHECK: expected 1 offset values, got 2

// -----

func.func @reinterpret_element_type(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<?xf32> to memref<3x4xf64>
  return
}
// CHECK: different element types specified for source type 'memref<?xf32>' and result memref type 'memref<3x4xf64>'

// -----

func.func @reinterpret_memory_space(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<?xf32> to memref<3x4xf32, 1>
  return
}
// CHECK: different memory spaces specified for source type 'memref<?xf32>' and result memref type

// -----

// A rank-0 side of a reshape takes only ones (mlir-opt's check; xDSL 0.74 had none).
func.func @expand_rank_0_into_not_ones(%m: memref<f32>) {
  // expected-error @+1 {{rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.expand_shape %m [] output_shape [1, 2] : memref<f32> into memref<1x2xf32>
  return
}

// -----

func.func @collapse_dynamic_into_rank_0(%m: memref<1x?xf32>) {
  // expected-error @+1 {{rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.collapse_shape %m [] : memref<1x?xf32> into memref<f32>
  return
}

// -----

func.func @rank_0_reshapes_of_ones(%m: memref<1x1xf32>) -> memref<1xf32> {
  %0 = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  %1 = memref.expand_shape %0 [] output_shape [1] : memref<f32> into memref<1xf32>
  return %1 : memref<1xf32>
}
// CHECK-LABEL: func.func @rank_0_reshapes_of_ones
// CHECK: memref.collapse_shape %{{.*}} [] : memref<1x1xf32> into memref<f32>
// CHECK: memref.expand_shape %{{.*}} [] output_shape [1] : memref<f32> into memref<1xf32>
