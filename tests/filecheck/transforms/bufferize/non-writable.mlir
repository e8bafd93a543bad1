// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// A read-only argument is never written: the fill gets its own buffer, returned to the caller.
// ANALYSIS: bufferization.access = "none"
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "false"]

// CHECK-LABEL: func.func @fill_read_only(%a: memref<4x4xf32>) -> memref<4x4xf32>
// CHECK:         %[[F:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    linalg.fill ins(%one : f32) outs(%[[F]] : memref<4x4xf32>)
// CHECK-NEXT:    func.return %[[F]] : memref<4x4xf32>

func.func @fill_read_only(%a: tensor<4x4xf32> {bufferization.writable = false}) -> tensor<4x4xf32> {
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}
