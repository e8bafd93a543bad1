// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// scf.for with iter_args, extract_slice / matmul / insert_slice of matching subsets: all in
// place, the loop runs on %c's buffer, no alloc, no copy.
// ANALYSIS: bufferization.access = "read"{{.*}}bufferization.access = "read"{{.*}}bufferization.access = "read-write"
// ANALYSIS: tensor.extract_slice{{.*}}__inplace_operands_attr__ = ["true", "none"]
// ANALYSIS: tensor.extract_slice{{.*}}__inplace_operands_attr__ = ["true", "none"]
// ANALYSIS: linalg.matmul{{.*}}__inplace_operands_attr__ = ["true", "true", "true"]
// ANALYSIS: tensor.insert_slice{{.*}}__inplace_operands_attr__ = ["true", "true", "none"]
// ANALYSIS: scf.yield{{.*}}__inplace_operands_attr__ = ["true"]
// ANALYSIS: } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
// ANALYSIS: return {__equivalent_func_args__ = [2{{( : i64)?}}], __inplace_operands_attr__ = ["true"]}

// CHECK-LABEL: func.func @tiled_fill_matmul(%a: memref<16x8xf32>, %b: memref<8x12xf32>, %c: memref<16x12xf32>) -> memref<16x12xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %i = %c0 to %c16 step %c4 {
// CHECK-NEXT:      %[[A:.*]] = memref.subview %a[%i, 0] [4, 8] [1, 1] : memref<16x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:      %[[C:.*]] = memref.subview %c[%i, 0] [4, 12] [1, 1] : memref<16x12xf32> to memref<4x12xf32, strided<[12, 1], offset: ?>>
// CHECK-NEXT:      linalg.matmul ins(%[[A]], %b : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %c : memref<16x12xf32>

func.func @tiled_fill_matmul(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32> {bufferization.writable = true}) -> tensor<16x12xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %c) -> (tensor<16x12xf32>) {
    %sa = tensor.extract_slice %a[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %sc = tensor.extract_slice %acc[%i, 0] [4, 12] [1, 1] : tensor<16x12xf32> to tensor<4x12xf32>
    %mm = linalg.matmul ins(%sa, %b : tensor<4x8xf32>, tensor<8x12xf32>) outs(%sc : tensor<4x12xf32>) -> tensor<4x12xf32>
    %ins = tensor.insert_slice %mm into %acc[%i, 0] [4, 12] [1, 1] : tensor<4x12xf32> into tensor<16x12xf32>
    scf.yield %ins : tensor<16x12xf32>
  }
  return %r : tensor<16x12xf32>
}
