// scf.forall's custom form may omit an empty scf.forall.in_parallel, also after an unregistered
// op (MLIR does not take one for a terminator and appends the in_parallel, as xfuse does).
// RUN: xfuse-opt --allow-unregistered-dialect %s | xfuse-opt --allow-unregistered-dialect | filecheck %s
// RUN: xfuse-opt --allow-unregistered-dialect %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @unregistered_last(
func.func @unregistered_last(%n: index) {
  // CHECK-NEXT: scf.forall (%{{.*}}) in (%{{.*}}) {
  // CHECK-NEXT:   "test.use"(%{{.*}}) : (index) -> ()
  // CHECK-NEXT: }
  // GENERIC: "test.use"(%{{.*}}) : (index) -> ()
  // GENERIC-NEXT: "scf.forall.in_parallel"() ({
  scf.forall (%i) in (%n) {
    "test.use"(%i) : (index) -> ()
  }
  return
}
