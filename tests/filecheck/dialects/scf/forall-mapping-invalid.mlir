// scf.forall mappings must be device mapping attributes (as MLIR's DeviceMappingArrayAttr), one
// per loop; bad GPU mapping ids are parse errors; xDSL's own gpu ops still parse.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @not_a_device_mapping() {
  // expected-error @+1 {{attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i, %j) in (2, 3) {
  } {mapping = [1 : i64, #gpu.block<x>]}
  return
}

// -----

func.func @wrong_rank() {
  // expected-error @+1 {{mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (2, 3) {
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// xDSL's gpu ops are still there next to the mapping attributes.
// CHECK: "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
func.func @gpu_ops_still_load() -> index {
  %b = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
  return %b : index
}
