// Differential tests of xfuse-fuse-consumers: each input and its fused form are compiled by
// mlir-opt 22 and run on the same random inputs; the results must agree.
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/bias-relu.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/nested.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/two-results-agree.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/multi-result.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/accumulation.mlir -p xfuse-fuse-consumers --check --entry f --seed 3 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/reduce-rows.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/for-nest.mlir -p 'xfuse-tile,xfuse-fuse-consumers' --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/unpack-loop-bounds.mlir -p xfuse-fuse-consumers --check --entry forall | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/unpack-loop-bounds.mlir -p xfuse-fuse-consumers --check --entry for | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/operand-after-loop.mlir -p 'xfuse-fuse-consumers{remarks=false}' --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/marked.mlir -p 'xfuse-fuse-consumers{only-marked=true}' --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/result-dims.mlir -p xfuse-fuse-consumers --check --entry forall | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/result-dims.mlir -p xfuse-fuse-consumers --check --entry for | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/result-dims-nested.mlir -p xfuse-fuse-consumers --check --entry nested --dynamic-size 13 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/result-dims-nested.mlir -p xfuse-fuse-consumers --check --entry nested --dynamic-size 5 --seed 2 | filecheck %s
// The fused IR also goes through a full lowering of the generic form (bufferization included):
// RUN: xfuse-opt %S/../../transforms/Inputs/fuse-consumers/nested.mlir -p xfuse-fuse-consumers --print-op-generic | mlir-opt --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=BUF

// CHECK: check: ok, the transformed module matches the untransformed input
// BUF: scf.forall
// BUF: scf.for
// BUF: linalg.exp
// linalg.unpack consumers (partial last tiles in unpack.mlir; outer_dims_perm, nested loops):
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/unpack.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-consumers/unpack-nested-perm.mlir -p xfuse-fuse-consumers --check --entry f | filecheck %s
