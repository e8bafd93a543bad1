// scf ops whose custom forms xDSL 0.74 reads or prints differently from MLIR 22: every block of
// a multi-block execute_region is printed whole, while without operands, parallel/reduce,
// for unsigned, `-> t` without parentheses. Custom form, and generic form parsed back.
// RUN: xfuse-opt %s --allow-unregistered-dialect | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt %s --allow-unregistered-dialect --print-op-generic | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt %s --allow-unregistered-dialect --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @execute_region_blocks(
func.func @execute_region_blocks(%c: i1) -> i32 {
  // CHECK:      scf.execute_region {
  // CHECK-NEXT:   cf.cond_br %{{.*}}, ^[[A:.*]], ^[[B:.*]]
  // CHECK-NEXT: ^[[A]]:
  // CHECK-NEXT:   "test.a"() : () -> ()
  // CHECK-NEXT:   cf.br ^[[B]]
  // CHECK-NEXT: ^[[B]]:
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    "test.a"() : () -> ()
    cf.br ^bb2
  ^bb2:
    scf.yield
  }
  // CHECK:      scf.execute_region -> i32 no_inline {
  // CHECK-NEXT:   %[[V:.*]] = "test.v"() : () -> i32
  // CHECK-NEXT:   scf.yield %[[V]] : i32
  // CHECK-NEXT: } {tag}
  %r = scf.execute_region -> i32 no_inline {
    %v = "test.v"() : () -> i32
    scf.yield %v : i32
  } {tag}
  // CHECK:      scf.execute_region {
  // CHECK-NEXT:   "test.b"() : () -> ()
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    "test.b"() : () -> ()
    scf.yield
  }
  return %r : i32
}

// CHECK-LABEL: func.func @while_without_operands(
func.func @while_without_operands(%c: i1) -> f32 {
  // CHECK:      scf.while : () -> () {
  // CHECK-NEXT:   scf.condition(%{{.*}})
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: } attributes {tag}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {tag}
  // CHECK: %{{.*}} = scf.while : () -> f32 {
  %f = scf.while : () -> f32 {
    %x = "test.x"() : () -> f32
    scf.condition(%c) %x : f32
  } do {
  ^bb0(%y: f32):
    scf.yield
  }
  return %f : f32
}

// CHECK-LABEL: func.func @parallel_reduce(
func.func @parallel_reduce(%lb: index, %ub: index, %s: index, %f: f32, %i: i32) -> (f32, i32) {
  // CHECK: = scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%{{.*}}, %{{.*}}) -> (f32, i32) {
  // CHECK-NEXT: scf.reduce(%{{.*}}, %{{.*}} : f32, i32) {
  // CHECK-NEXT: ^{{.*}}(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK-NEXT:   scf.reduce.return %[[S]] : f32
  // CHECK-NEXT: }, {
  // CHECK-NEXT: ^{{.*}}(%[[C:.*]]: i32, %[[D:.*]]: i32):
  // CHECK-NEXT:   %[[M:.*]] = arith.maxsi %[[C]], %[[D]] : i32
  // CHECK-NEXT:   scf.reduce.return %[[M]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  %r:2 = scf.parallel (%x, %y) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%f, %i) -> (f32, i32) {
    scf.reduce(%f, %i : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      scf.reduce.return %sum : f32
    }, {
    ^bb0(%c: i32, %d: i32):
      %m = arith.maxsi %c, %d : i32
      scf.reduce.return %m : i32
    }
  }
  // CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
  // CHECK-NEXT: "test.c"() : () -> ()
  // CHECK-NEXT: scf.reduce
  // CHECK-NEXT: } {tag}
  scf.parallel (%x) = (%lb) to (%ub) step (%s) {
    "test.c"() : () -> ()
  } {tag}
  return %r#0, %r#1 : f32, i32
}

// CHECK-LABEL: func.func @for_and_if_forms(
func.func @for_and_if_forms(%lb: i16, %ub: i16, %c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i16 {
  scf.for unsigned %k = %lb to %ub step %ub : i16 {
    "test.d"(%k) : (i16) -> ()
  }
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<4xf32>) : i16 {
  %r = scf.for %k = %lb to %ub step %ub iter_args(%a = %t) -> tensor<4xf32> : i16 {
    // CHECK: scf.if %{{.*}} -> (tensor<4xf32>) {
    %n = scf.if %c -> tensor<4xf32> {
      scf.yield %a : tensor<4xf32>
    } else {
      scf.yield %t : tensor<4xf32>
    }
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// GENERIC: "scf.execute_region"() <{no_inline}> ({
// GENERIC: "scf.parallel"(%{{.*}}) <{operandSegmentSizes = array<i32: 2, 2, 2, 2>}>
// GENERIC: "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}) <{unsignedCmp}> ({
