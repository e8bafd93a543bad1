// tensor.parallel_insert_slice (xfuse) and xDSL's own tensor.extract_slice / insert_slice
// (rank-reducing, dynamic) cross between xfuse-opt and mlir-opt 22 unchanged.
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref-generic.mlir
// RUN: xfuse-opt %t.ref-generic.mlir --print-op-generic | mlir-opt --mlir-print-op-generic > %t.generic-generic.mlir
// RUN: diff %t.ref-generic.mlir %t.generic-generic.mlir

func.func @parallel_insert(%t: tensor<16x1x8xf32>, %d: tensor<?x?xf32>, %s: tensor<?x4xf32>, %n: index, %st: index) -> (tensor<16x1x8xf32>, tensor<?x?xf32>) {
  %r:2 = scf.forall (%i, %j) in (16, %n) shared_outs(%o = %t, %p = %d) -> (tensor<16x1x8xf32>, tensor<?x?xf32>) {
    %v = tensor.extract_slice %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<16x1x8xf32> to tensor<8xf32>
    %w = tensor.extract_slice %o[%i, 0, 0] [1, 1, %n] [1, 1, 1] : tensor<16x1x8xf32> to tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<16x1x8xf32>
      tensor.parallel_insert_slice %w into %o[%i, 0, 0] [1, 1, %n] [1, 1, 1] : tensor<?xf32> into tensor<16x1x8xf32>
      tensor.parallel_insert_slice %s into %p[%i, %j] [%n, 4] [1, %st] : tensor<?x4xf32> into tensor<?x?xf32>
    }
  }
  return %r#0, %r#1 : tensor<16x1x8xf32>, tensor<?x?xf32>
}
// CHECK-LABEL: func.func @parallel_insert
// CHECK-NEXT:    %0:2 = scf.forall (%arg5, %arg6) in (16, %arg3) shared_outs(%arg7 = %arg0, %arg8 = %arg1) -> (tensor<16x1x8xf32>, tensor<?x?xf32>) {
// CHECK:             scf.forall.in_parallel {
// CHECK-NEXT:          tensor.parallel_insert_slice %extracted_slice into %arg7[%arg5, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<16x1x8xf32>
// CHECK-NEXT:          tensor.parallel_insert_slice %extracted_slice_0 into %arg7[%arg5, 0, 0] [1, 1, %arg3] [1, 1, 1] : tensor<?xf32> into tensor<16x1x8xf32>
// CHECK-NEXT:          tensor.parallel_insert_slice %arg2 into %arg8[%arg5, %arg6] [%arg3, 4] [1, %arg4] : tensor<?x4xf32> into tensor<?x?xf32>
// CHECK-NEXT:        }
// XFUSE-LABEL: func.func @parallel_insert
// XFUSE:         tensor.parallel_insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<16x1x8xf32>
// XFUSE-NEXT:    tensor.parallel_insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0, 0] [1, 1, %{{[a-z_0-9]+}}] [1, 1, 1] : tensor<?xf32> into tensor<16x1x8xf32>
// XFUSE-NEXT:    tensor.parallel_insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}] [%{{[a-z_0-9]+}}, 4] [1, %{{[a-z_0-9]+}}] : tensor<?x4xf32> into tensor<?x?xf32>

// xDSL's own ops, which tiling emits beside parallel_insert_slice.
func.func @xdsl_slices(%t: tensor<16x8xf32>, %u: tensor<?x?xf32>, %i: index, %n: index, %s: tensor<8xf32>, %d: tensor<?xf32>) -> (tensor<8xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<16x8xf32>, tensor<?x?xf32>) {
  %0 = tensor.extract_slice %t[%i, 0] [1, 8] [1, 1] : tensor<16x8xf32> to tensor<8xf32>
  %1 = tensor.extract_slice %u[%i, %i] [%n, %n] [2, %n] : tensor<?x?xf32> to tensor<?x?xf32>
  %2 = tensor.extract_slice %u[%i, 0] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %3 = tensor.insert_slice %s into %t[%i, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<16x8xf32>
  %4 = tensor.insert_slice %d into %u[%i, %n] [%n, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<16x8xf32>, tensor<?x?xf32>
}
// CHECK-LABEL: func.func @xdsl_slices
// CHECK-NEXT:    %extracted_slice = tensor.extract_slice %arg0[%arg2, 0] [1, 8] [1, 1] : tensor<16x8xf32> to tensor<8xf32>
// CHECK-NEXT:    %extracted_slice_0 = tensor.extract_slice %arg1[%arg2, %arg2] [%arg3, %arg3] [2, %arg3] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:    %extracted_slice_1 = tensor.extract_slice %arg1[%arg2, 0] [1, %arg3] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK-NEXT:    %inserted_slice = tensor.insert_slice %arg4 into %arg0[%arg2, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<16x8xf32>
// CHECK-NEXT:    %inserted_slice_2 = tensor.insert_slice %arg5 into %arg1[%arg2, %arg3] [%arg3, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
// XFUSE-LABEL: func.func @xdsl_slices
// XFUSE-NEXT:    tensor.extract_slice %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0] [1, 8] [1, 1] : tensor<16x8xf32> to tensor<8xf32>
// XFUSE-NEXT:    tensor.extract_slice %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}] [%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}] [2, %{{[a-z_0-9]+}}] : tensor<?x?xf32> to tensor<?x?xf32>
// XFUSE-NEXT:    tensor.extract_slice %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0] [1, %{{[a-z_0-9]+}}] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// XFUSE-NEXT:    tensor.insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<16x8xf32>
// XFUSE-NEXT:    tensor.insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}] [%{{[a-z_0-9]+}}, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
