// Annotations that xfuse-opt-expected-errors.mlir expects to fail: a wrong message, a wrong
// line, and an error that is never produced.

func.func @wrong_message(%a: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{a message the verifier does not give}}
  linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%m : memref<4xf32>)
  return
}

// -----

func.func @wrong_line(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{the same shape}}
  %c = arith.constant 0 : index
  %r = linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
  return %r : tensor<5xf32>
}

// -----

func.func @valid(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{an error}}
  return %a : tensor<4xf32>
}
