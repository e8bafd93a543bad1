// Differential tests of the loop cleanup: the diffused MLP with its dead loop results and the same
// module after canonicalize (scf.forall's ForallOpIterArgsFolder) or xfuse-loop-cleanup are
// compiled by mlir-opt 22 and run on the same random inputs; the results must agree.
// RUN: xfuse-run %S/../../transforms/Inputs/loop-cleanup/mlp-fused.mlir -p canonicalize --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/loop-cleanup/mlp-fused.mlir -p xfuse-loop-cleanup --check | filecheck %s

// CHECK: check: ok, the transformed module matches the untransformed input
