// tensor.parallel_insert_slice round trip through xfuse-opt (custom, generic, generic re-parsed).
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @static
func.func @static(%t: tensor<16x8xf32>, %s: tensor<4x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[12, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK:        tensor.parallel_insert_slice %s into %o[12, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
// GENERIC:      "tensor.parallel_insert_slice"(%s, %o) <{static_offsets = array<i64: 12, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<4x8xf32>, tensor<16x8xf32>) -> ()

// Unit dimensions of the slice dropped from the source type.
// CHECK-LABEL: func.func @rank_reducing
func.func @rank_reducing(%t: tensor<16x1x8xf32>, %s: tensor<8xf32>, %u: tensor<1x8xf32>) -> tensor<16x1x8xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16x1x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<16x1x8xf32>
      tensor.parallel_insert_slice %u into %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<1x8xf32> into tensor<16x1x8xf32>
    }
  }
  func.return %r : tensor<16x1x8xf32>
}
// CHECK:        tensor.parallel_insert_slice %s into %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<16x1x8xf32>
// CHECK-NEXT:   tensor.parallel_insert_slice %u into %o[%i, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<1x8xf32> into tensor<16x1x8xf32>

// Dynamic offsets, sizes and strides (operands in that order after source and dest).
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%t: tensor<?x?xf32>, %s: tensor<?x4xf32>, %n: index, %st: index) -> tensor<?x?xf32> {
  %r = scf.forall (%i, %j) in (%n, 4) shared_outs(%o = %t) -> (tensor<?x?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [%n, 4] [1, %st] : tensor<?x4xf32> into tensor<?x?xf32>
    }
  }
  func.return %r : tensor<?x?xf32>
}
// CHECK:        tensor.parallel_insert_slice %s into %o[%i, %j] [%n, 4] [1, %st] : tensor<?x4xf32> into tensor<?x?xf32>
// GENERIC:      "tensor.parallel_insert_slice"(%s, %o, %i, %j, %n, %st) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, -9223372036854775808>, operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>}> : (tensor<?x4xf32>, tensor<?x?xf32>, index, index, index, index) -> ()

// A dynamic size matches only a dynamic source dimension; rank-reducing with a dynamic size.
// CHECK-LABEL: func.func @dynamic_rank_reducing
func.func @dynamic_rank_reducing(%t: tensor<16x8xf32>, %s: tensor<?xf32>, %n: index) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, %n] [1, 1] : tensor<?xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK:        tensor.parallel_insert_slice %s into %o[%i, 0] [1, %n] [1, 1] : tensor<?xf32> into tensor<16x8xf32>

// Extra (discardable) attributes go in the attr-dict before the types.
// CHECK-LABEL: func.func @attributes
func.func @attributes(%t: tensor<4xf32>, %s: tensor<2xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [2] {xfuse.tag} : tensor<2xf32> into tensor<4xf32>
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK:        tensor.parallel_insert_slice %s into %o[%i] [2] [2] {xfuse.tag} : tensor<2xf32> into tensor<4xf32>
