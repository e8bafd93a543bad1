// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// scf.if: both branches write %a in place (they never both run), the result is %a.
// ANALYSIS: bufferization.access = "write"
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "true"]
// ANALYSIS: scf.yield{{.*}}__inplace_operands_attr__ = ["true"]
// ANALYSIS: linalg.fill{{.*}}__inplace_operands_attr__ = ["none", "true"]
// ANALYSIS: scf.yield{{.*}}__inplace_operands_attr__ = ["true"]

// CHECK-LABEL: func.func @select_fill(%n: i32, %a: memref<4xf32>) -> memref<4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.if %c {
// CHECK-NEXT:      linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      linalg.fill ins(%two : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %a : memref<4xf32>

func.func @select_fill(%n: i32, %a: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0 : i32
  %c = arith.cmpi sgt, %n, %zero : i32
  %r = scf.if %c -> (tensor<4xf32>) {
    %f = linalg.fill ins(%one : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %g = linalg.fill ins(%two : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
