// Verifier errors of linalg.reduce with several inputs and inits (MLIR 22's messages).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @input_shapes(%a: tensor<4x5xf32>, %b: tensor<4x6xf32>, %x: tensor<4xf32>, %y: tensor<4xf32>) {
  %r:2 = linalg.reduce ins(%a, %b : tensor<4x5xf32>, tensor<4x6xf32>) outs(%x, %y : tensor<4xf32>, tensor<4xf32>) dimensions = [1]
    (%p: f32, %q: f32, %s: f32, %t: f32) {
      linalg.yield %p, %q : f32, f32
    }
  return
}
// CHECK: expects all inputs to have the same shapes. Shape at input-index 1 is not equal to the shape at input-index 0.

// -----

func.func @dimension_out_of_range(%a: tensor<4x5xf32>, %x: tensor<4xf32>) {
  %r = linalg.reduce ins(%a : tensor<4x5xf32>) outs(%x : tensor<4xf32>) dimensions = [2]
    (%p: f32, %s: f32) {
      linalg.yield %p : f32
    }
  return
}
// CHECK: dimensions for reduction should be in the range [0, 1].

// -----

func.func @init_dims(%a: tensor<4x5xf32>, %x: tensor<5xf32>) {
  %r = linalg.reduce ins(%a : tensor<4x5xf32>) outs(%x : tensor<5xf32>) dimensions = [1]
    (%p: f32, %s: f32) {
      linalg.yield %p : f32
    }
  return
}
// CHECK: init dimensions [5] doesn't match input dimensions after reduction [4]

// -----

func.func @block_argument_type(%a: tensor<4x5xf32>, %b: tensor<4x5xi32>, %x: tensor<4xf32>, %y: tensor<4xi32>) {
  %r:2 = linalg.reduce ins(%a, %b : tensor<4x5xf32>, tensor<4x5xi32>) outs(%x, %y : tensor<4xf32>, tensor<4xi32>) dimensions = [1]
    (%p: f32, %q: f32, %s: f32, %t: i32) {
      linalg.yield %s, %t : f32, i32
    }
  return
}
// CHECK: input element type i32 does not match corresponding block argument type f32
