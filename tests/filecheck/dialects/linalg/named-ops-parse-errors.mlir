// An element type a named op's body has no form for is a parse error with a location.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s
// CHECK: named-ops-parse-errors.mlir:6:
// CHECK: linalg.negf: cannot build its body for these operands (no integer form (got i32))
func.func @negf_on_integers(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.negf ins(%x : tensor<4xi32>) outs(%x : tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
