// linalg.map verifier messages.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics

func.func @mixed(%a: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{expected to have pure tensor or buffer semantics}}
  linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%m : memref<4xf32>)
  return
}

// -----

func.func @shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{expected all inputs and the init to have the same shape}}
  %r = linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
  return %r : tensor<5xf32>
}

// -----

func.func @arguments(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected the mapper's arguments to be the element types (f32, f32): every input's, then the init's}}
  %r = linalg.map ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  return %r : tensor<4xf32>
}
