// The rock kernel ending in a custom-form memref.copy, compiled by mlir-opt 22 and run before and
// after rock-regularize and rock-pipeline on the same random inputs: the results must agree.
// RUN: xfuse-run %S/../../transforms/rock/Inputs/custom_form_copy.mlir -p 'rock-regularize' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/custom_form_copy.mlir -p 'rock-pipeline' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/custom_form_copy.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s

// CHECK-NOT: differs
// CHECK: check: ok, the transformed module matches the untransformed input
