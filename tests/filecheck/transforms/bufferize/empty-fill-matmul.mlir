// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// tensor.empty + fill + matmul: one allocation (the empty), fill and matmul in place.
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "true"]
// ANALYSIS: linalg.matmul{{.*}}__inplace_operands_attr__ = ["true", "true", "true"]

// CHECK-LABEL: func.func @matmul(%a: memref<8x4xf32>, %b: memref<4x6xf32>) -> memref<8x6xf32>
// CHECK:         %[[E:.*]] = memref.alloc() : memref<8x6xf32>
// CHECK-NEXT:    linalg.fill ins(%zero : f32) outs(%[[E]] : memref<8x6xf32>)
// CHECK-NEXT:    linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x6xf32>) outs(%[[E]] : memref<8x6xf32>)
// CHECK-NEXT:    func.return %[[E]] : memref<8x6xf32>
// CHECK-NOT:     memref.dealloc

func.func @matmul(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>) -> tensor<8x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x6xf32>) outs(%f : tensor<8x6xf32>) -> tensor<8x6xf32>
  return %m : tensor<8x6xf32>
}
