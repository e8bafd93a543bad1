// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// scf.forall with parallel_insert_slice of the matching subset: the add writes the shared
// output's tile directly; no copy.
// ANALYSIS: bufferization.access = "read"{{.*}}bufferization.access = "read-write"
// ANALYSIS: tensor.extract_slice{{.*}}__inplace_operands_attr__ = ["true", "none", "none"]
// ANALYSIS: tensor.extract_slice{{.*}}__inplace_operands_attr__ = ["true", "none", "none"]
// ANALYSIS: linalg.add{{.*}}__inplace_operands_attr__ = ["true", "true", "true"]
// ANALYSIS: tensor.parallel_insert_slice{{.*}}__inplace_operands_attr__ = ["true", "true", "none", "none"]
// ANALYSIS: } {__inplace_operands_attr__ = ["true"]}

// CHECK-LABEL: func.func @forall_scale(%x: memref<8x16xf32>, %out: memref<8x16xf32>) -> memref<8x16xf32>
// CHECK-NEXT:    scf.forall (%i, %j) = (0, 0) to (8, 16) step (4, 8) {
// CHECK-NEXT:      %[[X:.*]] = memref.subview %x[%i, %j] [4, 8] [1, 1]
// CHECK-NEXT:      %[[O:.*]] = memref.subview %out[%i, %j] [4, 8] [1, 1]
// CHECK-NEXT:      linalg.add ins(%[[X]], %[[X]] : {{.*}}) outs(%[[O]] : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %out : memref<8x16xf32>

func.func @forall_scale(%x: tensor<8x16xf32>, %out: tensor<8x16xf32> {bufferization.writable = true}) -> tensor<8x16xf32> {
  %r = scf.forall (%i, %j) = (0, 0) to (8, 16) step (4, 8) shared_outs(%o = %out) -> (tensor<8x16xf32>) {
    %sx = tensor.extract_slice %x[%i, %j] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
    %so = tensor.extract_slice %o[%i, %j] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
    %add = linalg.add ins(%sx, %sx : tensor<4x8xf32>, tensor<4x8xf32>) outs(%so : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %add into %o[%i, %j] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x16xf32>
    }
  }
  return %r : tensor<8x16xf32>
}
