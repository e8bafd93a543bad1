// Verifier messages of xfuse's math ops.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s

func.func @isnan_shape(%t: tensor<4xf32>) {
  %0 = "math.isnan"(%t) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>) -> i1
  return
}
// CHECK: ops-invalid.mlir:5:3: error: 'math.isnan' does not verify: 'math.isnan' op failed to verify that result type has i1 element type and same shape as operands

// -----

func.func @clampf_types(%a: f32, %b: f64) {
  %0 = "math.clampf"(%a, %b, %b) <{fastmath = #arith.fastmath<none>}> : (f32, f64, f64) -> f32
  return
}
// CHECK: ops-invalid.mlir:13:3: error: 'math.clampf' does not verify: operand 'min' at position 1 does not verify
