// Verifier errors of scf.forall and scf.forall.in_parallel.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect | filecheck %s

func.func @bound_count(%n: index) {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: 3>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: expected 1 step values, got 2

// -----

func.func @upper_bound_count(%n: index) {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: 3>}> ({
  ^bb0(%i: index, %j: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: expected 2 upper bound values, got 1

// -----

func.func @dynamic_marker_without_operand(%n: index) {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: The number of dynamic positions passed as values (0) does not match the number of dynamic position markers (1) in the upper bound values.

// -----

func.func @zero_step(%n: index) {
  scf.forall (%i) = (0) to (%n) step (0) {
  }
  func.return
}
// CHECK: expected positive static step values, got 0

// -----

func.func @negative_step(%n: index) {
  scf.forall (%i) = (%n) to (0) step (-1) {
  }
  func.return
}
// CHECK: expected positive static step values, got -1

// -----

func.func @block_arg_count(%t: tensor<4xf32>) {
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: region expects 1 induction variables and 1 shared_outs arguments, got 1 block arguments

// -----

func.func @induction_var_type(%n: index) {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: i32):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: expects 0-th block argument to be an index

// -----

func.func @block_arg_type(%t: tensor<4xf32>) {
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: type mismatch between 0-th output and corresponding block argument

// -----

func.func @result_count(%t: tensor<4xf32>) {
  "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<4xf32>) -> ()
  func.return
}
// CHECK: produces 0 results, but has only 1 outputs

// -----

func.func @result_type(%t: tensor<4xf32>) {
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf16>
  func.return
}
// CHECK: type mismatch between 0-th output (tensor<4xf32>) and corresponding result (tensor<4xf16>)

// -----

func.func @mapping_rank(%n: index) {
  scf.forall (%i, %j) in (4, 4) {
  } {mapping = [#gpu.thread<x>]}
  func.return
}
// CHECK: mapping attribute size must match op rank

// -----

func.func @wrong_terminator(%n: index) {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "test.termop"() : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: 'scf.forall' terminates with operation test.termop instead of scf.forall.in_parallel

// -----

func.func @in_parallel_outside_forall() {
  "scf.forall.in_parallel"() ({
  ^bb0:
  }) : () -> ()
}
// CHECK: 'scf.forall.in_parallel' expects parent op 'scf.forall'

// -----

func.func @in_parallel_no_block() {
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: Region 'region' at position 0 expected a single block, but got 0 blocks

// -----

func.func @in_parallel_other_op(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK: expected only ParallelCombiningOpInterface ops, got 'test.op'

// -----

func.func @insert_into_non_output(%t: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %t[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK: 'tensor.parallel_insert_slice' op may only insert into an output block argument
