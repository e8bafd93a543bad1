// Verifier errors of tensor.pad (MLIR 22's inferred-type rule), tensor.reshape, tensor.gather and
// tensor.scatter (xfuse/dialects/tensor_mlir22.py), with MLIR 22's messages.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @pad_contradicts_static_size(%t: tensor<4x?xf32>, %v: f32) -> tensor<7x9xf32> {
  %p = tensor.pad %t low[1, 0] high[1, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x?xf32> to tensor<7x9xf32>
  return %p : tensor<7x9xf32>
}
// CHECK: specified type tensor<7x9xf32> does not match the inferred type tensor<6x?xf32>

// -----

func.func @pad_block_arguments(%t: tensor<4x4xf32>, %v: f32) -> tensor<6x6xf32> {
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %p : tensor<6x6xf32>
}
// CHECK: expected the block to have 2 arguments

// -----

func.func @pad_yield_type(%t: tensor<4xf32>, %v: f16) -> tensor<6xf32> {
  %p = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f16
  } : tensor<4xf32> to tensor<6xf32>
  return %p : tensor<6xf32>
}
// CHECK: expected yield type to match shape element type

// -----

func.func @reshape_dynamic_length(%t: tensor<*xf32>, %s: tensor<?xindex>) {
  %r = tensor.reshape %t(%s) : (tensor<*xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  return
}
// CHECK: cannot use shape operand with dynamic length to reshape to statically-ranked tensor type

// -----

func.func @gather_dims_order(%t: tensor<4x5x6xf32>, %i: tensor<3x2xindex>) {
  %g = tensor.gather %t[%i] gather_dims([2, 1]) : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x4x1x1xf32>
  return
}
// CHECK: gather_dims values must be strictly increasing

// -----

func.func @gather_dims_count(%t: tensor<4x5x6xf32>, %i: tensor<3x2xindex>) {
  %g = tensor.gather %t[%i] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x4x1x6xf32>
  return
}
// CHECK: gather_dims length must match the size of last dimension of indices

// -----

func.func @gather_result(%t: tensor<4x5x6xf32>, %i: tensor<3x1xi32>) {
  %g = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5x6xf32>, tensor<3x1xi32>) -> tensor<3x5x5xf32>
  return
}
// CHECK: result type mismatch: expected tensor<3x1x5x6xf32> or its rank-reduced variant tensor<3x5x6xf32> (got: tensor<3x5x5xf32>)

// -----

func.func @scatter_needs_unique(%s: tensor<3x1x1x6xf32>, %t: tensor<4x5x6xf32>, %i: tensor<3x2xindex>) {
  %r = tensor.scatter %s into %t[%i] scatter_dims([0, 1]) : (tensor<3x1x1x6xf32>, tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<4x5x6xf32>
  return
}
// CHECK: requires 'unique' attribute to be set

// -----

// A 0-d source needs an empty reassociation, and as many output sizes as result dimensions.
func.func @expand_0d_with_group(%s: tensor<f32>) {
  %0 = tensor.expand_shape %s [[0]] output_shape [1] : tensor<f32> into tensor<1xf32>
  return
}
// CHECK: expected collapsed rank (0) to equal the number of reassociation maps (1).

// -----

func.func @expand_0d_sizes(%s: tensor<f32>) {
  %0 = tensor.expand_shape %s [] output_shape [1] : tensor<f32> into tensor<1x1xf32>
  return
}
// CHECK: expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead

// -----

func.func @expand_uncovered(%v: tensor<6xf32>) {
  %0 = tensor.expand_shape %v [[0, 1]] output_shape [2, 3, 1] : tensor<6xf32> into tensor<2x3x1xf32>
  return
}
// CHECK: expected the total number of reassociation dimensions (2) to equal the expanded type's rank (3).
