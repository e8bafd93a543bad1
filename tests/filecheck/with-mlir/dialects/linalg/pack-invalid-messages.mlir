// The verifier messages xfuse checks in dialects/linalg/pack-invalid.mlir are mlir-opt 22's own:
// run mlir-opt on that file and match its `MLIR:` lines.
// RUN: not mlir-opt %S/../../../dialects/linalg/pack-invalid.mlir --split-input-file 2>&1 | filecheck %S/../../../dialects/linalg/pack-invalid.mlir --check-prefix=MLIR
