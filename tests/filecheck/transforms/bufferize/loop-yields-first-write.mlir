// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=bottom-up-from-terminators test-analysis-only" | filecheck %s --check-prefix=ANALYSIS
// RUN: not mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | filecheck %s --check-prefix=UPSTREAM
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// A loop writes its iteration argument twice and yields the first write, with a slice of the
// second inserted (issue 23). Only one write can be in place. Bottom-up, the second would win and
// the yielded value, in a buffer of its own, would be copied into the iteration argument every
// iteration (upstream's default heuristic refuses the loop). xfuse decides this body from its
// terminator, as upstream's bottom-up-from-terminators (same marks): the yielded fill is in place,
// the other one gets the new buffer, which it does not read. 2 allocations (the iteration
// argument's, the second fill's) and 1 copy (the insert_slice), as upstream with that heuristic.
// UPSTREAM: error: Yield operand #0 is not equivalent to the corresponding iter bbArg
// ANALYSIS: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// ANALYSIS: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// ANALYSIS: tensor.extract_slice {{.*}}{__inplace_operands_attr__ = ["true"]}
// ANALYSIS: tensor.insert_slice {{.*}}{__inplace_operands_attr__ = ["true", "true"]}
// ANALYSIS: scf.yield {__inplace_operands_attr__ = ["true"]}

// CHECK-LABEL: func.func @first_of_two_writes(
// CHECK:         %[[X:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NOT:     memref.copy
// CHECK:         scf.for
// CHECK-NEXT:      linalg.fill ins(%a : f32) outs(%[[X]] : memref<16xf32>)
// CHECK-NEXT:      %[[Z:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT:      linalg.fill ins(%b : f32) outs(%[[Z]] : memref<16xf32>)
// CHECK-NEXT:      %[[ZS:.*]] = memref.subview %[[Z]][0] [4] [1]
// CHECK-NEXT:      %[[YS:.*]] = memref.subview %[[X]][4] [4] [1]
// CHECK-NEXT:      memref.copy %[[ZS]], %[[YS]]
// CHECK-NEXT:      memref.dealloc %[[Z]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[X]]
func.func @first_of_two_writes(%n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %init = tensor.empty() : tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<16xf32>) {
    %y = linalg.fill ins(%a : f32) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %z = linalg.fill ins(%b : f32) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %zs = tensor.extract_slice %z[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %w = tensor.insert_slice %zs into %y[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
