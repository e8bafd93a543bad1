// Malformed GPU mapping attributes: a location and the expected spellings, no traceback.
// RUN: not xfuse-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK: error: {{.*}}forall-mapping-parse-errors.mlir:8:
// CHECK: Expected `x`, `y`, `z`, `linear_dim_0`,
func.func @bad_id() {
  scf.forall (%i) in (2) {
  } {mapping = [#gpu.block<linear_dim_10>]}
  return
}
