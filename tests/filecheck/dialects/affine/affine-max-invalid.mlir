// affine.max's verifier (xDSL's affine.min's): one operand per dimension and symbol of the map.
// RUN: xfuse-opt %s --verify-diagnostics | filecheck %s
// RUN: not xfuse-opt %s 2>&1 | filecheck %s

// CHECK: affine-max-invalid.mlir:[[# @LINE + 2]]:3: error: 'affine.max' does not verify: affine.max expects 1 operands, but got 2
func.func @wrong_operand_count(%a: index, %b: index) -> index {
  %0 = "affine.max"(%a, %b) <{map = affine_map<(d0) -> (0, d0)>}> : (index, index) -> index
  return %0 : index
}
