// scf.forall's canonicalization (MLIR 22's ForallOpIterArgsFolder): xfuse-opt and mlir-opt drop
// the same shared_outs. Both outputs are checked by the same lines. The tiles left dead are
// erased by mlir-opt and by xfuse-loop-cleanup (DCE lines), not by xDSL's canonicalize, whose
// dead-code elimination keeps linalg ops (they declare no memory effects in xDSL 0.74).
// RUN: xfuse-opt %s -p canonicalize | filecheck %s
// RUN: xfuse-opt %s -p xfuse-loop-cleanup | filecheck %s --check-prefixes=CHECK,DCE
// RUN: xfuse-opt %s --print-op-generic | mlir-opt -canonicalize | filecheck %s --check-prefixes=CHECK,DCE
// RUN: xfuse-opt %S/../../transforms/Inputs/loop-cleanup/mlp-fused.mlir -p canonicalize | filecheck %s --check-prefix=MLP
// RUN: xfuse-opt %S/../../transforms/Inputs/loop-cleanup/mlp-fused.mlir --print-op-generic | mlir-opt -canonicalize | filecheck %s --check-prefix=MLP
// REQUIRES: mlir-opt

// Result unused, block argument only the destination of its parallel_insert_slice: dropped,
// and the tile it inserted (now dead) with it.
// CHECK-LABEL: func.func @only_combining
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16xf32>, %[[B:[^:]*]]: tensor<16xf32>)
// CHECK:         %[[R:.*]] = scf.forall (%[[I:.*]]) in (2) shared_outs(%[[O:.*]] = %[[B]]) -> (tensor<16xf32>) {
// DCE-NOT:         linalg.exp
// CHECK:           linalg.sqrt
// DCE-NOT:         linalg.exp
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %{{.*}} into %[[O]]
// CHECK-NEXT:      }
// CHECK:         return %[[R]]
func.func @only_combining(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o = %a, %p = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %s = tensor.extract_slice %a[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %x = linalg.exp ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %y = linalg.sqrt ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %y into %p[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
    }
  }
  return %r#1 : tensor<16xf32>
}

// Result unused, block argument also sliced for the tile's destination: still dropped (the
// slice now reads the init), and the dead tile goes.
// CHECK-LABEL: func.func @destination_slice
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16xf32>, %[[B:[^:]*]]: tensor<16xf32>)
// CHECK:         scf.forall (%{{.*}}) in (2) shared_outs(%[[O:.*]] = %[[B]]) -> (tensor<16xf32>) {
// DCE-NOT:         linalg.exp
// CHECK:           tensor.extract_slice %[[O]]
// CHECK:           linalg.sqrt
// DCE-NOT:         linalg.exp
// CHECK:           tensor.parallel_insert_slice %{{.*}} into %[[O]]
func.func @destination_slice(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o = %a, %p = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %s = tensor.extract_slice %a[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %os = tensor.extract_slice %o[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %x = linalg.exp ins(%s : tensor<8xf32>) outs(%os : tensor<8xf32>) -> tensor<8xf32>
    %ps = tensor.extract_slice %p[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %y = linalg.sqrt ins(%s : tensor<8xf32>) outs(%ps : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %y into %p[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
    }
  }
  return %r#1 : tensor<16xf32>
}

// Result used but nothing in in_parallel writes the shared_out: dropped, its uses take the init.
// CHECK-LABEL: func.func @never_written
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16xf32>, %[[B:[^:]*]]: tensor<16xf32>)
// CHECK:         %[[R:.*]] = scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %[[B]]) -> (tensor<16xf32>) {
// CHECK:         return %[[A]], %[[R]]
func.func @never_written(%a: tensor<16xf32>, %b: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o = %a, %p = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %s = tensor.extract_slice %a[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %ps = tensor.extract_slice %p[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %y = linalg.sqrt ins(%s : tensor<8xf32>) outs(%ps : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %p[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
    }
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

// Every result used and written: nothing changes.
// CHECK-LABEL: func.func @all_live
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16xf32>, %[[B:[^:]*]]: tensor<16xf32>)
// CHECK:         scf.forall (%{{.*}}) in (2) shared_outs(%{{[^ ]*}} = %[[A]], %{{[^ ]*}} = %[[B]]) -> (tensor<16xf32>, tensor<16xf32>) {
// CHECK-COUNT-2:   tensor.parallel_insert_slice
func.func @all_live(%a: tensor<16xf32>, %b: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = scf.forall (%i) in (2) shared_outs(%o = %a, %p = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %s = tensor.extract_slice %a[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %x = linalg.exp ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %y = linalg.sqrt ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %y into %p[%off] [8] [1] : tensor<8xf32> into tensor<16xf32>
    }
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

// The diffused MLP input, canonicalized: of the forall's three shared_outs only relu's (on %re) stays; the scf.for
// inside keeps its three iter_args (each read in the body: MLIR keeps them too).
// MLP:       scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 128) step (16, 64) shared_outs(%{{[^ ]*}} = %{{.*}}) -> (tensor<32x128xf32>) {
// MLP:         scf.for {{.*}} -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) {
// MLP:         scf.forall.in_parallel {
// MLP-NEXT:      tensor.parallel_insert_slice
// MLP-NEXT:    }
