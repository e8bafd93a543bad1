// memref.alloca_scope's implicit terminator: the custom form omits an empty
// memref.alloca_scope.return, also after an unregistered op (which MLIR does not take for a
// terminator: it appends the return, as xfuse does); results need an explicit return.
// RUN: xfuse-opt --allow-unregistered-dialect %s | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt --allow-unregistered-dialect %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @unregistered_last(
func.func @unregistered_last(%n: index) {
  // CHECK-NEXT: memref.alloca_scope  {
  // CHECK-NEXT:   memref.alloca(%{{.*}}) : memref<?xi64>
  // CHECK-NEXT:   "test.use"(%{{.*}}) : (memref<?xi64>) -> ()
  // CHECK-NEXT: }
  // GENERIC: "test.use"(%{{.*}}) : (memref<?xi64>) -> ()
  // GENERIC-NEXT: "memref.alloca_scope.return"() : () -> ()
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xi64>
    "test.use"(%a) : (memref<?xi64>) -> ()
  }
  // CHECK-NEXT: memref.alloca_scope  {
  // CHECK-NEXT: }
  // GENERIC: "memref.alloca_scope"() ({
  // GENERIC-NEXT: "memref.alloca_scope.return"() : () -> ()
  memref.alloca_scope {
  }
  return
}

// CHECK-LABEL: func.func @with_result(
func.func @with_result(%n: index) -> index {
  // CHECK-NEXT: %{{.*}} = memref.alloca_scope  -> (index) {
  // CHECK-NEXT:   %{{.*}} = "test.count"() : () -> index
  // CHECK-NEXT:   memref.alloca_scope.return %{{.*}} : index
  // CHECK-NEXT: }
  %r = memref.alloca_scope -> (index) {
    %c = "test.count"() : () -> index
    memref.alloca_scope.return %c : index
  }
  return %r : index
}
