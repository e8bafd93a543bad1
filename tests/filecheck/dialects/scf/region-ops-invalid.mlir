// Errors in the scf forms of region-ops.mlir, located at the text at fault.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s
// RUN: sed -e 's/scf.while : (f32)/scf.while : ()/' %s | not xfuse-opt 2>&1 | filecheck %s --check-prefix=WHILE

func.func @while_types(%c: i1, %t: f32, %n: index) {
  scf.while : (f32) -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %r = scf.for %k = %n to %n step %n iter_args(%a = %t) -> (f32, f32) {
    scf.yield %a : f32
  }
  return
}
// CHECK: region-ops-invalid.mlir:6:15
// CHECK: expected as many '(%arg = %init)' assignments as the types of the operands

// WHILE: stdin:11:38
// WHILE-NEXT: %r = scf.for
// WHILE: expected one type after '->' per iter_args value (1), got 2
