// linalg.softmax and the Winograd transforms (xfuse/dialects/linalg_aggregate.py) cross between
// xfuse-opt and mlir-opt 22 unchanged (custom and generic forms, diffed against mlir-opt's own
// reading), including the one-dimensional (r x 1) and dynamic-size variants MLIR verifies.
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: xfuse-opt %s --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref-generic.mlir
// RUN: xfuse-opt %t.ref-generic.mlir --print-op-generic | mlir-opt --mlir-print-op-generic > %t.generic-generic.mlir
// RUN: diff %t.ref-generic.mlir %t.generic-generic.mlir

func.func @attention_scores(%s: tensor<8x12x64xf16>, %init: tensor<8x12x64xf16>, %m: memref<4x?xf32>, %mo: memref<4x?xf32>) -> tensor<8x12x64xf16> {
  %p = linalg.softmax dimension(2) ins(%s : tensor<8x12x64xf16>) outs(%init : tensor<8x12x64xf16>) -> tensor<8x12x64xf16>
  linalg.softmax {origin = "head"} dimension(0) ins(%m : memref<4x?xf32>) outs(%mo : memref<4x?xf32>)
  return %p : tensor<8x12x64xf16>
}
// CHECK-LABEL: func.func @attention_scores
// CHECK:         linalg.softmax dimension(2) ins(%{{.*}} : tensor<8x12x64xf16>) outs(%{{.*}} : tensor<8x12x64xf16>) -> tensor<8x12x64xf16>
// CHECK:         linalg.softmax {origin = "head"} dimension(0) ins(%{{.*}} : memref<4x?xf32>) outs(%{{.*}} : memref<4x?xf32>)
// XFUSE-LABEL: func.func @attention_scores
// XFUSE:         linalg.softmax dimension(2) ins(%{{.*}} : tensor<8x12x64xf16>) outs(%{{.*}} : tensor<8x12x64xf16>) -> tensor<8x12x64xf16>

func.func @winograd_f23(%x: tensor<1x10x10x3xf32>, %w: tensor<4x3x3x3xf32>, %out: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %fe = tensor.empty() : tensor<4x4x3x4xf32>
  %f = linalg.winograd_filter_transform fmr(F_2_3) ins(%w : tensor<4x3x3x3xf32>) outs(%fe : tensor<4x4x3x4xf32>) -> tensor<4x4x3x4xf32>
  %ie = tensor.empty() : tensor<4x4x4x4x1x3xf32>
  %i = linalg.winograd_input_transform fmr(F_2_3) ins(%x : tensor<1x10x10x3xf32>) outs(%ie : tensor<4x4x4x4x1x3xf32>) -> tensor<4x4x4x4x1x3xf32>
  %ve = tensor.empty() : tensor<4x4x4x4x1x4xf32>
  %o = linalg.winograd_output_transform {stage = 3 : i32} fmr(F_2_3) ins(%ve : tensor<4x4x4x4x1x4xf32>) outs(%out : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %o : tensor<1x8x8x4xf32>
}
// CHECK-LABEL: func.func @winograd_f23
// CHECK:         linalg.winograd_filter_transform fmr(F_2_3) ins(%{{.*}} : tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<4x4x3x4xf32>) -> tensor<4x4x3x4xf32>
// CHECK:         linalg.winograd_input_transform fmr(F_2_3) ins(%{{.*}} : tensor<1x10x10x3xf32>) outs(%{{.*}} : tensor<4x4x4x4x1x3xf32>) -> tensor<4x4x4x4x1x3xf32>
// CHECK:         linalg.winograd_output_transform {stage = 3 : i32} fmr(F_2_3) ins(%{{.*}} : tensor<4x4x4x4x1x4xf32>) outs(%{{.*}} : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// XFUSE-LABEL: func.func @winograd_f23
// XFUSE:         linalg.winograd_output_transform {stage = 3 : i32} fmr(F_2_3)

func.func @winograd_one_dimensional(%w: tensor<2x5x1x3xf32>, %fe: tensor<6x1x3x2xf32>, %x: tensor<1x?x6x3xf32>, %ie: tensor<6x1x?x6x1x3xf32>, %v: tensor<6x1x?x6x1x2xf32>, %o: tensor<1x?x6x2xf32>) -> tensor<1x?x6x2xf32> {
  %f = linalg.winograd_filter_transform fmr(F_2_5) ins(%w : tensor<2x5x1x3xf32>) outs(%fe : tensor<6x1x3x2xf32>) -> tensor<6x1x3x2xf32>
  %i = linalg.winograd_input_transform fmr(F_2_5) ins(%x : tensor<1x?x6x3xf32>) outs(%ie : tensor<6x1x?x6x1x3xf32>) -> tensor<6x1x?x6x1x3xf32>
  %r = linalg.winograd_output_transform fmr(F_2_5) ins(%v : tensor<6x1x?x6x1x2xf32>) outs(%o : tensor<1x?x6x2xf32>) -> tensor<1x?x6x2xf32>
  return %r : tensor<1x?x6x2xf32>
}
// CHECK-LABEL: func.func @winograd_one_dimensional
// CHECK:         linalg.winograd_filter_transform fmr(F_2_5) ins(%{{.*}} : tensor<2x5x1x3xf32>) outs(%{{.*}} : tensor<6x1x3x2xf32>) -> tensor<6x1x3x2xf32>
// CHECK:         linalg.winograd_input_transform fmr(F_2_5) ins(%{{.*}} : tensor<1x?x6x3xf32>) outs(%{{.*}} : tensor<6x1x?x6x1x3xf32>) -> tensor<6x1x?x6x1x3xf32>
// CHECK:         linalg.winograd_output_transform fmr(F_2_5) ins(%{{.*}} : tensor<6x1x?x6x1x2xf32>) outs(%{{.*}} : tensor<1x?x6x2xf32>) -> tensor<1x?x6x2xf32>
