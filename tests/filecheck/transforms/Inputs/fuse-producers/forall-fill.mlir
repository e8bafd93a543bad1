// Destination fusion through scf.forall shared_outs: the fill is computed on the slice of the
// shared_out block argument, and the forall's init becomes the fill's own init (tensor.empty).
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @forall_fill(
// CHECK-SAME:      %[[A:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<8x32xf32>)
// CHECK:         %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<16x32xf32>
// CHECK-NOT:     linalg.fill
// CHECK-NEXT:    scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (16, 32) step (4, 8) shared_outs(%[[O:.*]] = %[[E]])
// CHECK:           %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [4, 8] [1, 1]
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%[[CST]] : f32) outs(%[[OS]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:      %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[F]] : tensor<4x8xf32>)
// CHECK:           tensor.parallel_insert_slice %[[MM]] into %[[O]][%[[I]], %[[J]]] [4, 8] [1, 1]
func.func @forall_fill(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (16, 32) step (4, 8) shared_outs(%o = %fill) -> (tensor<16x32xf32>) {
    %as = tensor.extract_slice %a[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %bs = tensor.extract_slice %b[0, %j] [8, 8] [1, 1] : tensor<8x32xf32> to tensor<8x8xf32>
    %os = tensor.extract_slice %o[%i, %j] [4, 8] [1, 1] : tensor<16x32xf32> to tensor<4x8xf32>
    %mm = linalg.matmul ins(%as, %bs : tensor<4x8xf32>, tensor<8x8xf32>) outs(%os : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %o[%i, %j] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x32xf32>
    }
  }
  return %r : tensor<16x32xf32>
}
