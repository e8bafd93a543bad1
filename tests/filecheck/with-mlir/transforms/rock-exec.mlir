// Differential tests of the rock passes: the running example (examples/) and the kernels of the
// issue's list, each compiled (rock-to-loops, then mlir-opt 22) and run before and after every
// stage on the same random inputs; the results must agree. tests/rock/ compares them with numpy.
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-regularize' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-regularize,rock-gemm-to-threadwise' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-regularize,rock-gemm-to-threadwise,rock-linalg-align' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-pipeline' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/rock_running_example.mlir -p 'rock-to-loops' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/pure_copy.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/reshape_on_gemm_output.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/broadcast_extra_input.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/view_between_generic_and_copy.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/transposed_gemm_output.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/input_side_push.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/several_readers.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/several_readers_different_views.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/diamond.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/rock/Inputs/chain_of_two_generics.mlir -p 'rock-pipeline{tile-sizes=3,5 threads=2,1}' --check | filecheck %s

// CHECK-NOT: differs
// CHECK: check: ok, the transformed module matches the untransformed input
