// affine.max (xfuse/dialects/affine.py): MLIR 22's syntax, round trip through xfuse-opt and
// mlir-opt in both directions (affine-max-invalid.mlir: the verifier).
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s --check-prefix=MLIR

// CHECK-LABEL: func.func @guard
// CHECK: %[[M:.*]] = affine.min affine_map<(d0)[s0] -> {{.*}}> (%{{.*}})[%{{.*}}]
// CHECK-NEXT: affine.max affine_map<(d0) -> (0, d0)> (%[[M]])
// MLIR-LABEL: func.func @guard
// MLIR: affine.max #{{.*}}(%{{.*}})
func.func @guard(%iv: index, %ub: index) -> index {
  %0 = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%iv)[%ub]
  %1 = affine.max affine_map<(d0) -> (0, d0)>(%0)
  return %1 : index
}
