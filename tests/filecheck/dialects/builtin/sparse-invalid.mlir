// MLIR's sparse elements attributes are out of scope (xDSL has none): a located error that says
// so, exit 1 (MLIR's Tensor/canonicalize.mlir uses one).
// RUN: not xfuse-opt %s 2>&1 | filecheck %s

// CHECK: sparse-invalid.mlir:8:23
// CHECK: not supported: sparse elements attributes (sparse<...>); xDSL has no such attribute (use dense<...>)
func.func @f() -> tensor<4x4x4xf16> {
  %c = arith.constant sparse<[[0, 0, 0]], [-5.0]> : tensor<4x4x4xf16>
  return %c : tensor<4x4x4xf16>
}
