// scf ops with multi-block regions, no operands, reductions and unsigned bounds cross from
// xfuse-opt to mlir-opt 22 unchanged (custom and generic form), and back.
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: xfuse-opt %s | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: xfuse-opt %s --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.back.mlir
// RUN: diff %t.ref.mlir %t.back.mlir

func.func @regions(%c: i1, %lb: index, %ub: index, %s: index, %f: f32, %a: i32, %b: i32) -> (i32, f32) {
  scf.execute_region {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb2
  ^bb2:
    scf.yield
  }
  %r = scf.execute_region -> i32 no_inline {
    %v = arith.addi %a, %b : i32
    scf.yield %v : i32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %p = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%x: f32, %y: f32):
      %m = arith.maximumf %x, %y : f32
      scf.reduce.return %m : f32
    }
  }
  scf.for unsigned %k = %a to %b step %b : i32 {
    %e = arith.extui %k : i32 to i64
  }
  %q = scf.for %k = %lb to %ub step %s iter_args(%acc = %f) -> f32 {
    %n = scf.if %c -> f32 {
      scf.yield %acc : f32
    } else {
      %d = arith.addf %acc, %f : f32
      scf.yield %d : f32
    }
    scf.yield %n : f32
  }
  return %r, %q : i32, f32
}
