// scf.forall / scf.forall.in_parallel round trip through xfuse-opt: custom form, generic form,
// and the generic form parsed back.
// RUN: xfuse-opt %s --allow-unregistered-dialect | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt %s --allow-unregistered-dialect --print-op-generic | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt %s --allow-unregistered-dialect --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @static_2d
func.func @static_2d(%t: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %r = scf.forall (%i, %j) in (4, 2) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
    %s = tensor.extract_slice %o[%i, %j] [4, 4] [1, 1] : tensor<16x8xf32> to tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x8xf32>
    }
  }
  func.return %r : tensor<16x8xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i, %j) in (4, 2) shared_outs(%o = %t) -> (tensor<16x8xf32>) {
// CHECK-NEXT:      %s = tensor.extract_slice %o[%i, %j] [4, 4] [1, 1] : tensor<16x8xf32> to tensor<4x4xf32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %s into %o[%i, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r : tensor<16x8xf32>

// GENERIC:      "scf.forall"(%t) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 4, 2>, staticStep = array<i64: 1, 1>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
// GENERIC-NEXT: ^bb0(%i: index, %j: index, %o: tensor<16x8xf32>):
// GENERIC:        "scf.forall.in_parallel"() ({
// GENERIC-NEXT:     "tensor.parallel_insert_slice"(%s, %o, %i, %j) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>}> : (tensor<4x4xf32>, tensor<16x8xf32>, index, index) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : (tensor<16x8xf32>) -> tensor<16x8xf32>

// CHECK-LABEL: func.func @single_dim
func.func @single_dim(%t: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16xf32>) {
    scf.forall.in_parallel {
    }
  }
  func.return %r : tensor<16xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16xf32>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// The custom form may leave out an empty terminator; it is rebuilt.
// CHECK-LABEL: func.func @implicit_terminator
func.func @implicit_terminator(%t: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16xf32>) {
  }
  func.return %r : tensor<16xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16xf32>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// CHECK-LABEL: func.func @dynamic_bounds
func.func @dynamic_bounds(%t: tensor<?x?xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %r = scf.forall (%i, %j) in (%m, %n) shared_outs(%o = %t) -> (tensor<?x?xf32>) {
    %s = tensor.extract_slice %o[%i, %j] [1, 1] [1, 1] : tensor<?x?xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x?xf32>
    }
  }
  func.return %r : tensor<?x?xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i, %j) in (%m, %n) shared_outs(%o = %t) -> (tensor<?x?xf32>) {
// CHECK-NEXT:      %s = tensor.extract_slice %o[%i, %j] [1, 1] [1, 1] : tensor<?x?xf32> to tensor<1x1xf32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// GENERIC-LABEL: sym_name = "dynamic_bounds"
// GENERIC:       "scf.forall"(%m, %n, %t) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: -9223372036854775808, -9223372036854775808>, staticStep = array<i64: 1, 1>, operandSegmentSizes = array<i32: 0, 2, 0, 1>}>

// CHECK-LABEL: func.func @lower_bound_and_step
func.func @lower_bound_and_step(%t: tensor<64xf32>, %lb: index, %ub: index, %st: index) -> tensor<64xf32> {
  %r = scf.forall (%i, %j) = (%lb, 0) to (%ub, 64) step (%st, 8) shared_outs(%o = %t) -> (tensor<64xf32>) {
    %s = tensor.extract_slice %o[%j] [8] [1] : tensor<64xf32> to tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%j] [8] [1] : tensor<8xf32> into tensor<64xf32>
    }
  }
  func.return %r : tensor<64xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i, %j) = (%lb, 0) to (%ub, 64) step (%st, 8) shared_outs(%o = %t) -> (tensor<64xf32>) {

// GENERIC-LABEL: sym_name = "lower_bound_and_step"
// GENERIC:       "scf.forall"(%lb, %ub, %st, %t) <{staticLowerBound = array<i64: -9223372036854775808, 0>, staticUpperBound = array<i64: -9223372036854775808, 64>, staticStep = array<i64: -9223372036854775808, 8>, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>

// Static, but not normalized: the `=` form is kept.
// CHECK-LABEL: func.func @static_step
func.func @static_step() {
  scf.forall (%i) = (0) to (10) step (2) {
  }
  func.return
}
// CHECK-NEXT:    scf.forall (%i) = (0) to (10) step (2) {
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return

// A lower bound / step spelled in the `=` form but normalized prints as `in`, as in MLIR.
// CHECK-LABEL: func.func @normalized_eq_form
func.func @normalized_eq_form(%n: index) {
  scf.forall (%i) = (0) to (%n) step (1) {
  }
  func.return
}
// CHECK-NEXT:    scf.forall (%i) in (%n) {
// CHECK-NEXT:    }

// No shared_outs: no results, no `shared_outs(...)`, no `-> (...)`, terminator not printed.
// CHECK-LABEL: func.func @no_shared_outs
func.func @no_shared_outs(%n: index) {
  scf.forall (%i, %j, %k) in (2, %n, 3) {
    "test.op"(%i, %j, %k) : (index, index, index) -> ()
  }
  func.return
}
// CHECK-NEXT:    scf.forall (%i, %j, %k) in (2, %n, 3) {
// CHECK-NEXT:      "test.op"(%i, %j, %k) : (index, index, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return

// GENERIC-LABEL: sym_name = "no_shared_outs"
// GENERIC:       "scf.forall"(%n) <{staticLowerBound = array<i64: 0, 0, 0>, staticUpperBound = array<i64: 2, -9223372036854775808, 3>, staticStep = array<i64: 1, 1, 1>, operandSegmentSizes = array<i32: 0, 1, 0, 0>}> ({
// GENERIC-NEXT:  ^bb0(%i: index, %j: index, %k: index):
// GENERIC-NEXT:    "test.op"(%i, %j, %k) : (index, index, index) -> ()
// GENERIC-NEXT:    "scf.forall.in_parallel"() ({
// GENERIC-NEXT:    ^bb0:
// GENERIC-NEXT:    }) : () -> ()
// GENERIC-NEXT:  }) : (index) -> ()

// CHECK-LABEL: func.func @several_shared_outs
func.func @several_shared_outs(%a: tensor<8xf32>, %b: tensor<8x4xi32>) -> (tensor<8xf32>, tensor<8x4xi32>) {
  %r:2 = scf.forall (%i) in (8) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8x4xi32>) {
    %sa = tensor.extract_slice %oa[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %sb = tensor.extract_slice %ob[%i, 0] [1, 4] [1, 1] : tensor<8x4xi32> to tensor<4xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sa into %oa[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %sb into %ob[%i, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<8x4xi32>
    }
  }
  func.return %r#0, %r#1 : tensor<8xf32>, tensor<8x4xi32>
}
// CHECK-NEXT:    %r, %r_1 = scf.forall (%i) in (8) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8x4xi32>) {
// CHECK-NEXT:      %sa = tensor.extract_slice %oa[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
// CHECK-NEXT:      %sb = tensor.extract_slice %ob[%i, 0] [1, 4] [1, 1] : tensor<8x4xi32> to tensor<4xi32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %sa into %oa[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
// CHECK-NEXT:        tensor.parallel_insert_slice %sb into %ob[%i, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<8x4xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r, %r_1 : tensor<8xf32>, tensor<8x4xi32>

// `mapping` is a property (generic: `<{mapping = ...}>`) printed in the custom attr-dict.
// `#gpu.thread` is unknown to xDSL, hence --allow-unregistered-dialect.
// CHECK-LABEL: func.func @mapping
func.func @mapping(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = scf.forall (%i, %j) in (4, 4) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>], xfuse.note = "kept"}
  func.return %r : tensor<4x4xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i, %j) in (4, 4) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:      }
// CHECK-NEXT:    } {mapping = [#gpu.thread<y>, #gpu.thread<x>], xfuse.note = "kept"}

// GENERIC-LABEL: sym_name = "mapping"
// GENERIC:       "scf.forall"(%t) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: 4, 4>, staticStep = array<i64: 1, 1>, mapping = [#gpu.thread<y>, #gpu.thread<x>], operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
// GENERIC:       }) {xfuse.note = "kept"} : (tensor<4x4xf32>) -> tensor<4x4xf32>

// Nested loops keep their own block arguments.
// CHECK-LABEL: func.func @nested
func.func @nested(%t: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    %s = tensor.extract_slice %o[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %inner = scf.forall (%j) in (2) shared_outs(%p = %s) -> (tensor<4x8xf32>) {
      %q = tensor.extract_slice %p[0, %j] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %q into %p[0, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x8xf32>
      }
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %inner into %o[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
    }
  }
  func.return %r : tensor<8x8xf32>
}
// CHECK-NEXT:    %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
// CHECK-NEXT:      %s = tensor.extract_slice %o[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:      %inner = scf.forall (%j) in (2) shared_outs(%p = %s) -> (tensor<4x8xf32>) {
// CHECK-NEXT:        %q = tensor.extract_slice %p[0, %j] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
// CHECK-NEXT:        scf.forall.in_parallel {
// CHECK-NEXT:          tensor.parallel_insert_slice %q into %p[0, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x8xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %inner into %o[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
