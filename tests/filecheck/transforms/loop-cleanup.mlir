// xfuse-loop-cleanup: scf.for's ForOpIterArgsFolder (MLIR 22) and scf.forall's, then dead code.
// mlir-opt -canonicalize is the oracle: both outputs pass the same lines.
// RUN: xfuse-opt %s -p xfuse-loop-cleanup | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt -canonicalize | filecheck %s
// RUN: xfuse-opt %S/Inputs/loop-cleanup/mlp-fused.mlir -p xfuse-loop-cleanup | filecheck %s --check-prefix=MLP
// REQUIRES: mlir-opt

// Dropped: %x (yielded unchanged), %y (its init yielded); kept: %z, %w, %v, each
// read in the body and yielded a new value.
// CHECK-LABEL: func.func @for_cases
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<8xf32>, %[[B:[^:]*]]: tensor<8xf32>, %[[C:[^:]*]]: tensor<8xf32>, %[[D:[^:]*]]: tensor<8xf32>, %[[N:[^:]*]]: index)
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[Z:[^ ]*]] = %[[C]], %[[W:[^ ]*]] = %[[D]], %[[U:[^ ]*]] = %[[A]]) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
// CHECK:           linalg.add ins(%[[W]], %[[B]] :
// CHECK:         scf.for %{{.*}} iter_args(%{{[^ ]*}} = %[[A]]) -> (tensor<8xf32>) {
// CHECK-NOT:       linalg.add ins(%[[C]]
// CHECK:         scf.for %{{.*}} iter_args(%{{[^ ]*}} = %[[A]]) -> (tensor<8xf32>) {
// CHECK-NEXT:      scf.yield %[[B]] : tensor<8xf32>
// CHECK:         return %[[A]],
func.func @for_cases(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c, %w = %d, %v = %a) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%z, %z : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %t = linalg.add ins(%w, %y : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %u = linalg.add ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %x, %b, %s, %t, %u : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  // %m's iter_arg: result unused and never read in the body: dropped, its add is dead.
  %q:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %m0 = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%p, %p : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %m = linalg.add ins(%c, %c : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %s, %m : tensor<8xf32>, tensor<8xf32>
  }
  // Two iter_args with the same init and the same yielded value: merged.
  %dup:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %p2 = %a) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.yield %b, %b : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#2, %q#0, %dup#0, %dup#1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// An iter_arg whose result is unused but which the body reads (a tile's destination): kept, as
// upstream keeps it.
// CHECK-LABEL: func.func @read_in_body
// CHECK:         scf.for %{{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}) -> (tensor<8xf32>, tensor<8xf32>) {
func.func @read_in_body(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = linalg.add ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%y : tensor<8xf32>) -> tensor<8xf32>
    %t = linalg.add ins(%s, %x : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %t, %s : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0 : tensor<8xf32>
}

// The diffused MLP before its cleanup: one shared_out left, the old matmul and add tiles stay (relu
// reads the add, the add reads the matmul), the scf.for keeps its iter_args (each read in its body).
// MLP:       scf.forall {{.*}} shared_outs(%{{[^ ]*}} = %re) -> (tensor<32x128xf32>) {
// MLP:         scf.for %jj {{.*}} -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) {
// MLP:           linalg.matmul
// MLP:         linalg.add
// MLP:         linalg.generic
// MLP:       scf.forall.in_parallel {
// MLP-NEXT:    tensor.parallel_insert_slice %cols_2
// MLP-NEXT:  }

// Slices of the whole tensor fold (MLIR's extract_slice / insert_slice folders); a real slice
// and a dynamic one stay.
// CHECK-LABEL: func.func @identity_slices(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x8xf32>, %[[B:[^:]*]]: tensor<4x8xf32>, %[[N:[^:]*]]: index)
// CHECK-NEXT:    %[[P:.*]] = tensor.extract_slice %[[A]][1, 0] [3, 8] [1, 1]
// CHECK-NEXT:    %[[D:.*]] = tensor.extract_slice %[[A]][0, 0] [%[[N]], 8] [1, 1]
// CHECK-NEXT:    return %[[B]], %[[P]], %[[D]]
func.func @identity_slices(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %n: index) -> (tensor<4x8xf32>, tensor<3x8xf32>, tensor<?x8xf32>) {
  %e = tensor.extract_slice %a[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> to tensor<4x8xf32>
  %i = tensor.insert_slice %b into %e[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>
  %p = tensor.extract_slice %a[1, 0] [3, 8] [1, 1] : tensor<4x8xf32> to tensor<3x8xf32>
  %d = tensor.extract_slice %a[0, 0] [%n, 8] [1, 1] : tensor<4x8xf32> to tensor<?x8xf32>
  return %i, %p, %d : tensor<4x8xf32>, tensor<3x8xf32>, tensor<?x8xf32>
}
