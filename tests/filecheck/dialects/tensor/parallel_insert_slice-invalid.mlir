// Verifier errors of tensor.parallel_insert_slice (messages as in MLIR 22).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @outside_in_parallel(%t: tensor<16x8xf32>, %s: tensor<4x8xf32>) {
  tensor.parallel_insert_slice %s into %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
  func.return
}
// CHECK: expected InParallelOpInterface parent, got: 'func.func'

// -----

func.func @offset_count(%t: tensor<16x8xf32>, %s: tensor<4x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected 2 offset values, got 1

// -----

func.func @size_mismatch(%t: tensor<16x8xf32>, %s: tensor<4x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [4, 4] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)

// -----

// A static source dim does not match a dynamic slice size (nor the converse), as in MLIR.
func.func @static_vs_dynamic(%t: tensor<16x8xf32>, %s: tensor<8xf32>, %n: index) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, %n] [1, 1] : tensor<8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected type to be 'tensor<1x?xf32>' or a rank-reduced version. (size mismatch)

// -----

// Only unit dimensions may be dropped.
func.func @drop_non_unit(%t: tensor<16x8xf32>, %s: tensor<8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [2, 8] [1, 1] : tensor<8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected type to be 'tensor<2x8xf32>' or a rank-reduced version. (size mismatch)

// -----

func.func @source_rank_too_big(%t: tensor<16x8xf32>, %s: tensor<4x1x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [4, 8] [1, 1] : tensor<4x1x8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected rank to be smaller or equal to the other rank.

// -----

func.func @element_type(%t: tensor<16x8xf32>, %s: tensor<4x8xf16>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [4, 8] [1, 1] : tensor<4x8xf16> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: expected element type to be 'f32'

// -----

func.func @offset_out_of_bounds(%t: tensor<16x8xf32>, %s: tensor<0x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[16, 0] [0, 8] [1, 1] : tensor<0x8xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: offset 0 is out-of-bounds: 16 >= 16

// -----

func.func @slice_out_of_bounds(%t: tensor<16x8xf32>, %s: tensor<4x4xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 2] [4, 4] [1, 2] : tensor<4x4xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: slice along dimension 1 runs out-of-bounds: 8 >= 8

// -----

func.func @dynamic_marker_count(%t: tensor<16x8xf32>, %s: tensor<4x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    scf.forall.in_parallel {
      "tensor.parallel_insert_slice"(%s, %o) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<16x8xf32>) -> ()
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK: The number of dynamic positions passed as values (0) does not match the number of dynamic position markers (1) in the offset arguments.
