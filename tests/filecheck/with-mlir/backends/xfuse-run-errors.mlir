// Bad input to xfuse-run ends with `xfuse-run: error: ...` and exit 1, never a traceback.
// RUN: not xfuse-run %s 2>&1 | filecheck %s --check-prefix=ENTRY
// RUN: not xfuse-run %s --entry nope 2>&1 | filecheck %s --check-prefix=NOPE
// RUN: not env XFUSE_FAILURE_DIR=%t.failures xfuse-run %s --entry wrong_type 2>&1 | filecheck %s --check-prefix=MLIROPT
// RUN: not xfuse-run %s --entry f -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not xfuse-run %s --entry f --pipeline bogus 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not xfuse-run %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xfuse-run %S/Inputs/malformed.mlir 2>&1 | filecheck %s --check-prefix=PARSE

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

func.func @wrong_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.collapse_shape %a [] : tensor<4xf32> into tensor<4xf32>
  return %0 : tensor<4xf32>
}

// ENTRY: xfuse-run: error: cannot choose an entry function: several public functions (@f, @wrong_type); pass one as entry
// ENTRY-NOT: Traceback
// NOPE: xfuse-run: error: no public function @nope in the module (public functions: @f, @wrong_type)
// MLIROPT: xfuse-run: error: mlir-opt failed (exit 1):
// MLIROPT-NEXT: | {{.*}}xfuse-run-errors.mlir:15:3: error: {{.*}}collapse_shape
// MLIROPT: the failing input is kept in {{.*}}.failures{{.*}} (input.mlir); reproduce with:
// MLIROPT-NEXT: cd {{.*}} && {{.*}}mlir-opt {{.*}}input.mlir '--pass-pipeline=builtin.module(
// MLIROPT-NOT: Traceback
// PASS: xfuse-run: error: invalid pass pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']
// PASS-NOT: Traceback
// OPTION: xfuse-run: error: argument --pipeline: invalid choice: 'bogus'
// MISSING: xfuse-run: error: cannot read '{{.*}}xfuse-run-errors.mlir.missing': No such file or directory
// PARSE: xfuse-run: error: {{.*}}malformed.mlir:3:
// PARSE-NOT: Traceback
