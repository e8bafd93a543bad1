// Verifier errors of linalg.mmt4d / batch_mmt4d / batch_matmul (xDSL's structured-op checks).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @mmt4d_rank(%a: tensor<4x5xf32>, %b: tensor<6x3x7x5xf32>, %c: tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<4x5xf32>, tensor<6x3x7x5xf32>) outs(%c : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  return %0 : tensor<2x6x4x7xf32>
}
// CHECK: expected operand #0 of rank 2 to match the result count of indexing_map #0, 4

// -----

func.func @mmt4d_k_mismatch(%a: tensor<2x3x4x5xf32>, %b: tensor<6x2x7x5xf32>, %c: tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x4x5xf32>, tensor<6x2x7x5xf32>) outs(%c : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  return %0 : tensor<2x6x4x7xf32>
}
// CHECK: inferred input/output operand #1 has shape's dimension #1 to be 3, but found 2

// -----

func.func @batch_matmul_batch(%a: tensor<9x4x5xf32>, %b: tensor<8x5x6xf32>, %c: tensor<9x4x6xf32>) -> tensor<9x4x6xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<9x4x5xf32>, tensor<8x5x6xf32>) outs(%c : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
  return %0 : tensor<9x4x6xf32>
}
// CHECK: inferred input/output operand #1 has shape's dimension #0 to be 9, but found 8

// -----

func.func @batch_mmt4d_inputs(%a: tensor<9x2x3x4x5xf32>, %c: tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32> {
  %0 = linalg.batch_mmt4d ins(%a : tensor<9x2x3x4x5xf32>) outs(%c : tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32>
  return %0 : tensor<9x2x6x4x7xf32>
}
// CHECK: expected 2 inputs and 1 output, got 1 and 1
