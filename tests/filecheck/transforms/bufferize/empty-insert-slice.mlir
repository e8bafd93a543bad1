// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Empty-tensor elimination: a tensor.empty used only as the destination of an op whose result is
// inserted in place builds that result directly in the destination subview (no alloc, no copy).
// ANALYSIS: bufferization.access = "read-write"
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "true"]
// ANALYSIS: tensor.insert_slice{{.*}}__inplace_operands_attr__ = ["true", "true"]

// CHECK-LABEL: func.func @fill_tile(%dest: memref<8x8xf32>) -> memref<8x8xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         %[[V:.*]] = memref.subview %dest[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
// CHECK-NEXT:    linalg.fill ins(%two : f32) outs(%[[V]] : memref<4x4xf32, strided<[8, 1], offset: 18>>)
// CHECK-NEXT:    func.return %dest : memref<8x8xf32>

func.func @fill_tile(%dest: tensor<8x8xf32> {bufferization.writable = true}) -> tensor<8x8xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%two : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = tensor.insert_slice %f into %dest[2, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
