// Verifier and parser messages of the generated named linalg ops.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=FILL

func.func @wrong_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 input(s) and 1 output, got 2 and 1}}
  %0 = linalg.negf ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @strides_per_window(%i: tensor<1x6x6x3xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error @+1 {{expected strides to have 2 elements}}
  %0 = linalg.pooling_nhwc_sum {strides = dense<1> : tensor<3xi64>} ins(%i, %k : tensor<1x6x6x3xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

// -----

func.func @missing_zero_points(%i: tensor<1x6x6x3xi8>, %k: tensor<3x3x3x4xi8>, %o: tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32> {
  // expected-error @+1 {{expected 4 inputs and 1 output, got 2 and 1}}
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i, %k : tensor<1x6x6x3xi8>, tensor<3x3x3x4xi8>) outs(%o : tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32>
  return %0 : tensor<1x4x4x4xi32>
}

// -----

// MLIR 22: the fill value has the output's element type (no implicit cast).
func.func @fill_value_type(%v: f64, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected fill value type ('f64') to match output element type ('f32')}}
  %0 = linalg.fill ins(%v : f64) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// FILL: named-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'linalg.fill' does not verify: expected fill value type ('f64') to match output element type ('f32')

// -----

func.func @fill_vector_value(%v: vector<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{expected fill value type ('vector<4xf32>') to match output element type ('f32')}}
  linalg.fill ins(%v : vector<4xf32>) outs(%m : memref<4xf32>)
  return
}
// FILL: named-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'linalg.fill' does not verify: expected fill value type ('vector<4xf32>') to match output element type ('f32')
