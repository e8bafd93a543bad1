// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Writing into a constant: out of place (a fresh buffer; the add reads no old value, no copy).
// ANALYSIS: linalg.add{{.*}}__inplace_operands_attr__ = ["true", "true", "false"]

// CHECK:         memref.global "private" constant @__constant_0_write_constant : memref<2x2xf32> = dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]>
// CHECK-LABEL: func.func @write_constant(%x: memref<2x2xf32>) -> memref<2x2xf32>
// CHECK:         %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.add ins(%x, %x : memref<2x2xf32>, memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK-NEXT:    func.return %[[R]] : memref<2x2xf32>

func.func @write_constant(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %k = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r = linalg.add ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%k : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
