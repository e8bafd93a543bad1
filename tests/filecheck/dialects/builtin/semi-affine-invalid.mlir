// MLIR's semi-affine maps (a dimension times a symbol, as in a strided memref layout) are out of
// scope: xDSL's affine expressions multiply by constants only. A located parse error, exit 1,
// never a traceback.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s
// Plain xdsl-opt with xfuse installed fails as xDSL alone does (issue 41: xDSL's error reports are
// xDSL's); with the opt-in, as xfuse-opt does.
// RUN: not xdsl-opt %s 2>&1 | filecheck %s --check-prefix=PLAIN
// RUN: env XFUSE_EXTEND_XDSL=1 not xdsl-opt %s 2>&1 | filecheck %s --check-prefix=EXTENDED

// CHECK: semi-affine-invalid.mlir:13:45
// CHECK: not supported: Multiplication with non-constant (semi-affine) is not supported yet self: d1 other: s0 (xDSL's affine expressions, which xfuse uses, have no semi-affine maps)
// CHECK-NOT: Traceback
func.func @f(%m: memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>) {
  return
}
// PLAIN: NotImplementedError: Multiplication with non-constant (semi-affine)
// EXTENDED: semi-affine-invalid.mlir:13:45
// EXTENDED: not supported: Multiplication with non-constant (semi-affine)
// EXTENDED-NOT: Traceback
