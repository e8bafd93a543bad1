// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// The fill would overwrite %a, whose old value linalg.add reads later: exactly one buffer.
// ANALYSIS: bufferization.access = "read"
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "false"]
// ANALYSIS: linalg.add{{.*}}__inplace_operands_attr__ = ["true", "true", "true"]

// CHECK-LABEL: func.func @fill_then_read_old(%a: memref<8x8xf32>)
// CHECK:         %[[F:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT:    linalg.fill ins(%one : f32) outs(%[[F]] : memref<8x8xf32>)
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT:    linalg.add ins(%a, %[[F]] : memref<8x8xf32>, memref<8x8xf32>) outs(%[[S]] : memref<8x8xf32>)
// CHECK-NEXT:    func.return %[[F]], %[[S]] : memref<8x8xf32>, memref<8x8xf32>
// CHECK-NOT:     memref.copy

func.func @fill_then_read_old(%a: tensor<8x8xf32> {bufferization.writable = true}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%a : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %s = linalg.add ins(%a, %f : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %f, %s : tensor<8x8xf32>, tensor<8x8xf32>
}
