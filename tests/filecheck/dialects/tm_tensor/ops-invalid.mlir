// tm_tensor verifier messages (TMTensorOps.cpp's checks), each at the offending op.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics

func.func @scan_accumulator_rank(%x: tensor<2x5xf32>, %acc: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{expected accumulator rank to be equal to input rank - 1}}
  %0:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x5xf32>) outs(%x, %acc : tensor<2x5xf32>, tensor<2x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<2x5xf32>, tensor<2x5xf32>
  return %0#0 : tensor<2x5xf32>
}

// -----

func.func @scan_element_types(%x: tensor<5xf32>, %out: tensor<5xi32>, %acc: tensor<f32>) -> tensor<5xi32> {
  // expected-error @+1 {{expected input/output element types to be identical}}
  %0:2 = tm_tensor.scan dimension(0) inclusive(true) ins(%x : tensor<5xf32>) outs(%out, %acc : tensor<5xi32>, tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<5xi32>, tensor<f32>
  return %0#0 : tensor<5xi32>
}

// -----

func.func @scan_dimension(%x: tensor<5xf32>, %acc: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{dimension 1 is out of range for the input of rank 1}}
  %0:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<5xf32>) outs(%x, %acc : tensor<5xf32>, tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<5xf32>, tensor<f32>
  return %0#0 : tensor<5xf32>
}

// -----

func.func @scatter_float_indices(%orig: tensor<3x5xf32>, %i: tensor<6x2xf32>, %u: tensor<6xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{expected indices to be of rank 2 of integer element type}}
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%u, %i : tensor<6xf32>, tensor<6x2xf32>) outs(%orig : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @scatter_dimension_map(%orig: tensor<3x5xf32>, %i: tensor<6x2xi64>, %u: tensor<6xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{dimension map is invalid}}
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 0>} unique_indices(false) ins(%u, %i : tensor<6xf32>, tensor<6x2xi64>) outs(%orig : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @scatter_update_count(%orig: tensor<3x5xf32>, %i: tensor<6x2xi64>, %u: tensor<4xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{mismatch in shape of indices and update value at dim#0}}
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%u, %i : tensor<4xf32>, tensor<6x2xi64>) outs(%orig : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @sort_comparator_type(%x: tensor<3x5xf32>, %i: tensor<3x5xi64>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  // expected-error @+1 {{region block argument #2 should be of type i64 but got f32}}
  %0:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<3x5xf32>, tensor<3x5xi64>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    %p = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x5xf32>, tensor<3x5xi64>
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

func.func @sort_yields_value(%x: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{should yield exactly one operand of i1 type}}
  %0 = tm_tensor.sort dimension(0) outs(%x : tensor<5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @topk_index_type(%x: tensor<10xf32>, %v: tensor<4xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{expected input/output indices types to be int32}}
  %0:2 = tm_tensor.topk dimension(0) ins(%x : tensor<10xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<4xf32>, tensor<4xi64>
  return %0#0 : tensor<4xf32>
}

// -----

func.func @result_types(%x: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{tm_tensor.sort: the result types must be those of the tensor outs operands (tensor<5xf32>)}}
  %0 = tm_tensor.sort dimension(0) outs(%x : tensor<5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scalar_input(%x: f32, %v: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected every ins and outs operand to be a tensor or a memref}}
  %0:2 = tm_tensor.topk dimension(0) ins(%x : f32) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<4xf32>, tensor<4xi32>
  return %0#0 : tensor<4xf32>
}

// -----

func.func @mixed(%x: tensor<5xf32>, %out: memref<5xf32>, %acc: memref<f32>) {
  // expected-error @+1 {{expected to have pure tensor or buffer semantics}}
  tm_tensor.scan dimension(0) inclusive(true) ins(%x : tensor<5xf32>) outs(%out, %acc : memref<5xf32>, memref<f32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  }
  return
}

