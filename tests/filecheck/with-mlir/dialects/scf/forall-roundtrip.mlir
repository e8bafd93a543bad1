// scf.forall crosses between xfuse-opt and mlir-opt 22 in both directions, custom and generic,
// and a full cycle (mlir-opt -> xfuse-opt -> mlir-opt) reproduces mlir-opt's own text.
// `#gpu.thread` is unknown to xDSL, hence --allow-unregistered-dialect on the xfuse side.
// RUN: xfuse-opt %s --allow-unregistered-dialect | mlir-opt | filecheck %s
// RUN: xfuse-opt %s --allow-unregistered-dialect --print-op-generic | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt --allow-unregistered-dialect | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt --allow-unregistered-dialect | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: mlir-opt %s | xfuse-opt --allow-unregistered-dialect | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt --allow-unregistered-dialect --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref-generic.mlir
// RUN: xfuse-opt %t.ref-generic.mlir --allow-unregistered-dialect --print-op-generic | mlir-opt --mlir-print-op-generic > %t.generic-generic.mlir
// RUN: diff %t.ref-generic.mlir %t.generic-generic.mlir

func.func @tiles(%t: tensor<16x8xf32>, %n: index) -> tensor<16x8xf32> {
  %r = scf.forall (%i, %j) in (4, %n) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    %s = tensor.extract_slice %o[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return %r : tensor<16x8xf32>
}
// CHECK-LABEL: func.func @tiles(%arg0: tensor<16x8xf32>, %arg1: index) -> tensor<16x8xf32> {
// CHECK-NEXT:    %0 = scf.forall (%arg2, %arg3) in (4, %arg1) shared_outs(%arg4 = %arg0) -> (tensor<16x8xf32>) {
// CHECK-NEXT:      %extracted_slice = tensor.extract_slice %arg4[%arg2, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %extracted_slice into %arg4[%arg2, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT:    return %0 : tensor<16x8xf32>

// XFUSE-LABEL: func.func @tiles(%{{[a-z_0-9]+}}: tensor<16x8xf32>, %{{[a-z_0-9]+}}: index) -> tensor<16x8xf32> {
// XFUSE-NEXT:    %{{[a-z_0-9]+}} = scf.forall (%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}) in (4, %{{[a-z_0-9]+}}) shared_outs(%{{[a-z_0-9]+}} = %{{[a-z_0-9]+}}) -> (tensor<16x8xf32>) {
// XFUSE-NEXT:      %{{[a-z_0-9]+}} = tensor.extract_slice %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
// XFUSE-NEXT:      scf.forall.in_parallel {
// XFUSE-NEXT:        tensor.parallel_insert_slice %{{[a-z_0-9]+}} into %{{[a-z_0-9]+}}[%{{[a-z_0-9]+}}, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
// XFUSE-NEXT:      }
// XFUSE-NEXT:    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// XFUSE-NEXT:    func.return %{{[a-z_0-9]+}} : tensor<16x8xf32>

func.func @single_dim(%t: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16xf32>) {
  }
  return %r : tensor<16xf32>
}
// CHECK-LABEL: func.func @single_dim
// CHECK-NEXT:    %0 = scf.forall (%arg1) in (16) shared_outs(%arg2 = %arg0) -> (tensor<16xf32>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// XFUSE-LABEL: func.func @single_dim
// XFUSE-NEXT:    %{{[a-z_0-9]+}} = scf.forall (%{{[a-z_0-9]+}}) in (16) shared_outs(%{{[a-z_0-9]+}} = %{{[a-z_0-9]+}}) -> (tensor<16xf32>) {
// XFUSE-NEXT:      scf.forall.in_parallel {
// XFUSE-NEXT:      }
// XFUSE-NEXT:    }

func.func @lower_bound_step(%lb: index, %ub: index) {
  scf.forall (%i, %j) = (%lb, 0) to (%ub, 64) step (2, 8) {
    %k = arith.addi %i, %j : index
  }
  return
}
// CHECK-LABEL: func.func @lower_bound_step
// CHECK-NEXT:    scf.forall (%arg2, %arg3) = (%arg0, 0) to (%arg1, 64) step (2, 8) {
// CHECK-NEXT:      %0 = arith.addi %arg2, %arg3 : index
// CHECK-NEXT:    }
// XFUSE-LABEL: func.func @lower_bound_step
// XFUSE-NEXT:    scf.forall (%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}) = (%{{[a-z_0-9]+}}, 0) to (%{{[a-z_0-9]+}}, 64) step (2, 8) {
// XFUSE-NEXT:      %{{[a-z_0-9]+}} = arith.addi %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} : index
// XFUSE-NEXT:    }

// Constant SSA bounds count as normalized, as in MLIR's printer (the `in` form drops them).
func.func @constant_bounds(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
  }
  return
}
// CHECK-LABEL: func.func @constant_bounds
// CHECK:         scf.forall (%arg1) in (%arg0) {
// XFUSE-LABEL: func.func @constant_bounds
// XFUSE:         scf.forall (%{{[a-z_0-9]+}}) in (%{{[a-z_0-9]+}}) {

func.func @several_shared_outs(%a: tensor<8xf32>, %b: tensor<8x4xi32>) -> (tensor<8xf32>, tensor<8x4xi32>) {
  %r:2 = scf.forall (%i) in (8) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8x4xi32>) {
    %sa = tensor.extract_slice %oa[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %sb = tensor.extract_slice %ob[%i, 0] [1, 4] [1, 1] : tensor<8x4xi32> to tensor<4xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sa into %oa[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %sb into %ob[%i, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<8x4xi32>
    }
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8x4xi32>
}
// CHECK-LABEL: func.func @several_shared_outs
// CHECK-NEXT:    %0:2 = scf.forall (%arg2) in (8) shared_outs(%arg3 = %arg0, %arg4 = %arg1) -> (tensor<8xf32>, tensor<8x4xi32>) {
// CHECK:           tensor.parallel_insert_slice %extracted_slice into %arg3[%arg2] [1] [1] : tensor<1xf32> into tensor<8xf32>
// CHECK-NEXT:      tensor.parallel_insert_slice %extracted_slice_0 into %arg4[%arg2, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<8x4xi32>
// CHECK:         return %0#0, %0#1 : tensor<8xf32>, tensor<8x4xi32>
// XFUSE-LABEL: func.func @several_shared_outs
// XFUSE-NEXT:    %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} = scf.forall (%{{[a-z_0-9]+}}) in (8) shared_outs(%{{[a-z_0-9]+}} = %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} = %{{[a-z_0-9]+}}) -> (tensor<8xf32>, tensor<8x4xi32>) {

func.func @no_shared_outs(%n: index) {
  scf.forall (%i, %j, %k) in (2, %n, 3) {
  }
  return
}
// CHECK-LABEL: func.func @no_shared_outs
// CHECK-NEXT:    scf.forall (%arg1, %arg2, %arg3) in (2, %arg0, 3) {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// XFUSE-LABEL: func.func @no_shared_outs
// XFUSE-NEXT:    scf.forall (%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}}) in (2, %{{[a-z_0-9]+}}, 3) {
// XFUSE-NEXT:    }
// XFUSE-NEXT:    func.return
