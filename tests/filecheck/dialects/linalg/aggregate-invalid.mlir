// Verifier errors of linalg.softmax and the Winograd transforms (xfuse/dialects/linalg_aggregate.py),
// with MLIR 22's messages.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @softmax_shapes(%x: tensor<4x8xf32>, %o: tensor<4x9xf32>) -> tensor<4x9xf32> {
  %s = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%o : tensor<4x9xf32>) -> tensor<4x9xf32>
  return %s : tensor<4x9xf32>
}
// CHECK: incompatible output shape

// -----

func.func @softmax_dimension(%x: memref<4x8xf32>, %o: memref<4x8xf32>) {
  linalg.softmax dimension(2) ins(%x : memref<4x8xf32>) outs(%o : memref<4x8xf32>)
  return
}
// CHECK: incorrect dimension specified

// -----

func.func @filter_height(%w: tensor<2x4x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  %t = linalg.winograd_filter_transform fmr(F_4_3) ins(%w : tensor<2x4x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %t : tensor<6x6x5x2xf32>
}
// CHECK: expect filter height either equals to r or 1

// -----

func.func @filter_output(%w: tensor<2x3x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  %t = linalg.winograd_filter_transform fmr(F_2_3) ins(%w : tensor<2x3x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %t : tensor<6x6x5x2xf32>
}
// CHECK: the output shape is not expected

// -----

func.func @input_tiles(%x: tensor<2x10x10x5xf32>, %o: tensor<6x6x3x2x2x5xf32>) -> tensor<6x6x3x2x2x5xf32> {
  %t = linalg.winograd_input_transform fmr(F_4_3) ins(%x : tensor<2x10x10x5xf32>) outs(%o : tensor<6x6x3x2x2x5xf32>) -> tensor<6x6x3x2x2x5xf32>
  return %t : tensor<6x6x3x2x2x5xf32>
}
// CHECK: the output shape is not expected

// -----

func.func @output_alpha(%v: tensor<5x6x2x2x2x3xf32>, %o: tensor<2x8x8x3xf32>) -> tensor<2x8x8x3xf32> {
  %t = linalg.winograd_output_transform fmr(F_4_3) ins(%v : tensor<5x6x2x2x2x3xf32>) outs(%o : tensor<2x8x8x3xf32>) -> tensor<2x8x8x3xf32>
  return %t : tensor<2x8x8x3xf32>
}
// CHECK: expect input height equals to input tile size
