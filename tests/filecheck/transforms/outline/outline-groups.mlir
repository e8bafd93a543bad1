// xfuse-outline-groups: the top-level ops of a large function, cut into groups of >= min-ops ops,
// each a private noinline function called in order; values crossing a cut become arguments and
// results; scalar constants are copied into each group that reads them.
// RUN: xfuse-opt %s -p 'xfuse-outline-groups{min-ops=3}' | filecheck %s
// What mlir-opt 22 makes of it: the groups stay internal noinline functions in LLVM IR.
// RUN: xfuse-opt %s -p 'xfuse-outline-groups{min-ops=3}' | mlir-opt --convert-scf-to-cf --finalize-memref-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir | filecheck %s --check-prefix=LLVM
// Groups larger than the function: nothing to outline, the module is unchanged.
// RUN: xfuse-opt %s -p 'xfuse-outline-groups{min-ops=100}' | filecheck %s --check-prefix=NONE

// CHECK-LABEL: func.func private @f__group0(%0: memref<4xf32>) -> memref<4xf32> attributes {passthrough = ["noinline"], llvm.linkage = #llvm.linkage<"internal">} {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %t = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = memref.load %0[%i] : memref<4xf32>
// CHECK:         func.return %t : memref<4xf32>
// CHECK-LABEL: func.func private @f__group1(%0: memref<4xf32>, %1: memref<4xf32>) -> memref<4xf32> attributes {passthrough = ["noinline"], llvm.linkage = #llvm.linkage<"internal">} {
// CHECK:         %o = memref.alloc() : memref<4xf32>
// CHECK:           %x = memref.load %0[%i] : memref<4xf32>
// CHECK-NEXT:      %z = memref.load %1[%i] : memref<4xf32>
// CHECK:         memref.dealloc %0 : memref<4xf32>
// CHECK-NEXT:    func.return %o : memref<4xf32>
// CHECK-LABEL: func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %t = func.call @f__group0(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %o = func.call @f__group1(%t, %b) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    func.return %o : memref<4xf32>
// CHECK-NEXT:  }

// LLVM: define internal {{.*}} @f__group0({{.*}}) #[[ATTRS:[0-9]+]] {
// LLVM: define internal {{.*}} @f__group1({{.*}}) #[[ATTRS]] {
// LLVM: define {{.*}} @f(
// LLVM: call {{.*}} @f__group0(
// LLVM: call {{.*}} @f__group1(
// LLVM: attributes #[[ATTRS]] = { noinline }

// NONE-NOT: func.call
// NONE-NOT: __group
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %t[%i] : memref<4xf32>
  }
  %o = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %t[%i] : memref<4xf32>
    %z = memref.load %b[%i] : memref<4xf32>
    %y = arith.mulf %x, %z : f32
    memref.store %y, %o[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return %o : memref<4xf32>
}
