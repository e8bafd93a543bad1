// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: not mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | filecheck %s --check-prefix=UPSTREAM
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Yields swapped with respect to the iter_args: upstream refuses, xfuse copies the yielded
// values into the iter_args' buffers at the end of each iteration (both iter_args stay in
// place), saving one of them in a temporary to break the cycle.
// UPSTREAM: error: Yield operand #0 is not equivalent to the corresponding iter bbArg
// ANALYSIS: scf.yield{{.*}}__inplace_operands_attr__ = ["true", "true"]
// ANALYSIS: } {__inplace_operands_attr__ = ["none", "none", "none", "true", "true"]}

// CHECK-LABEL: func.func @swap(%a: memref<4xf32>, %b: memref<4xf32>, %n: index)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      "memref.copy"(%b, %[[T]])
// CHECK-NEXT:      "memref.copy"(%a, %b)
// CHECK-NEXT:      "memref.copy"(%[[T]], %a)
// CHECK-NEXT:      memref.dealloc %[[T]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %a, %b : memref<4xf32>, memref<4xf32>

func.func @swap(%a: tensor<4xf32> {bufferization.writable = true}, %b: tensor<4xf32> {bufferization.writable = true}, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
