// --verify-diagnostics checks `expected-error` annotations as mlir-opt does: each chunk with
// annotations must produce its error on the designated line with the annotated text.
// Met annotations (same line, @+N, @-N, @above, @below): exit 0, the diagnostics printed.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=MET
// Unmet ones: every chunk still runs, then each problem is reported and the exit code is 1.
// RUN: not xfuse-opt %S/Inputs/unmet_expected_errors.mlir --split-input-file --verify-diagnostics 2>&1 >/dev/null | filecheck %s --check-prefix=UNMET
// Kinds xfuse-opt does not produce, and unknown designators, are refused with a location.
// RUN: not xfuse-opt %S/Inputs/unsupported_expected_note.mlir --verify-diagnostics 2>&1 | filecheck %s --check-prefix=KIND

func.func @below(%a: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @below {{expected to have pure tensor or buffer semantics}}
  linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%m : memref<4xf32>)
  return
}

// -----

func.func @same_line(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>) // expected-error {{the same shape}}
  return %r : tensor<5xf32>
}

// -----

func.func @minus(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
  // expected-error @-1 {{expected all inputs and the init to have the same shape}}
  return %r : tensor<5xf32>
}

// -----

// A chunk without annotations keeps xdsl-opt's behaviour: its diagnostic is printed.
func.func @plain(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.map { math.exp } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
  return %r : tensor<5xf32>
}

// MET: xfuse-opt-expected-errors.mlir:12:3: error: 'linalg.map' does not verify: expected to have pure tensor or buffer semantics
// MET: xfuse-opt-expected-errors.mlir:19:3: error: 'linalg.map' does not verify: expected all inputs
// MET: xfuse-opt-expected-errors.mlir:26:3: error: 'linalg.map' does not verify: expected all inputs
// MET: xfuse-opt-expected-errors.mlir:35:3: error: 'linalg.map' does not verify: expected all inputs

// UNMET: unmet_expected_errors.mlir:6: error: unexpected error: 'linalg.map' does not verify: expected to have pure tensor or buffer semantics
// UNMET-NEXT: unmet_expected_errors.mlir:5: error: expected error "a message the verifier does not give" was not produced (on line 6)
// UNMET-NEXT: unmet_expected_errors.mlir:15: error: unexpected error: 'linalg.map' does not verify: expected all inputs
// UNMET-NEXT: unmet_expected_errors.mlir:13: error: expected error "the same shape" was not produced (on line 14)
// UNMET-NEXT: unmet_expected_errors.mlir:22: error: expected error "an error" was not produced (on line 23)
// UNMET-NOT: error

// KIND: unsupported_expected_note.mlir:4: error: 'expected-note' is not supported by xfuse-opt --verify-diagnostics (only expected-error)
// KIND-NOT: Traceback
