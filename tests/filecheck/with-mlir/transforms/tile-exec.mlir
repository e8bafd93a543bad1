// Differential tests of xfuse-tile: every input of ../../transforms/tile.mlir, tiled as there,
// compiled by mlir-opt 22 and run on the same random inputs as the untiled module; the results
// must agree. Dynamic shapes run with every dynamic dim = 13, which the tile sizes do not divide.
// RUN: xfuse-run %S/../../transforms/Inputs/tile/matmul.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/matmul.mlir -p 'xfuse-tile{loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/matmul.mlir -p 'xfuse-tile{interchange=1,0}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/matmul.mlir -p 'xfuse-tile{interchange=1,0 loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/matmul-reduction.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/generic-elementwise.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/generic-elementwise.mlir -p 'xfuse-tile{loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/generic-two-results.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/generic-two-results.mlir -p 'xfuse-tile{loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/nondividing.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/nondividing.mlir -p 'xfuse-tile{loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/dynamic.mlir -p xfuse-tile --check --dynamic-size 13 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/dynamic.mlir -p 'xfuse-tile{loop=forall}' --check --dynamic-size 13 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/reduce.mlir -p 'xfuse-tile{tile-sizes=4,3}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/reduce.mlir -p 'xfuse-tile{tile-sizes=4 loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/pack.mlir -p xfuse-tile --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/pack.mlir -p 'xfuse-tile{loop=forall}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/tile/marked-and-unmarked.mlir -p 'xfuse-tile{tile-sizes=4,6}' --check | filecheck %s

// CHECK-NOT: mismatch
// CHECK: check: ok, the transformed module matches the untransformed input
