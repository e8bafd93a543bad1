// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: not mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | filecheck %s --check-prefix=UPSTREAM
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Yields swapped with respect to the iter_args: upstream refuses (without
// allow-return-allocs-from-loops), xfuse keeps them as memref iter_args and the yield swaps the
// buffers: no copy in the loop. The results must be buffers the function owns (the caller frees
// them), not a permutation of its arguments, so each argument is copied once, before the loop.
// UPSTREAM: error: Yield operand #0 is not equivalent to the corresponding iter bbArg
// ANALYSIS: scf.yield{{.*}}__inplace_operands_attr__ = ["true", "true"]
// ANALYSIS: } {__inplace_operands_attr__ = ["none", "none", "none", "true", "true"]}

// CHECK-LABEL: func.func @swap(%a: memref<4xf32>, %b: memref<4xf32>, %n: index)
// CHECK:         %[[X:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %a, %[[X]]
// CHECK-NEXT:    %[[Y:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %b, %[[Y]]
// CHECK-NEXT:    %[[R:.*]], %[[S:.*]] = scf.for %i = %c0 to %n step %c1 iter_args(%x = %[[X]], %y = %[[Y]]) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:      scf.yield %y, %x : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]], %[[S]] : memref<4xf32>, memref<4xf32>

func.func @swap(%a: tensor<4xf32> {bufferization.writable = true}, %b: tensor<4xf32> {bufferization.writable = true}, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
