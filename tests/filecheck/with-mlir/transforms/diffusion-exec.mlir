// Differential tests of xfuse-diffusion: each input and its diffused form are compiled by
// mlir-opt 22 and run on the same random inputs; the results must agree.
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/mlp.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/two-consumers.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/reduction.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/pack-unpack.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/pack-unpack.mlir -p 'xfuse-diffusion{cost-model=no-recompute}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/mlp-mmt4d.mlir -p 'xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/diamond.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/two-contractions.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/multi-use.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/fill-inside.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/negatives.mlir -p xfuse-diffusion --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/unfused.mlir -p 'xfuse-diffusion{root-tile-sizes=8,8,0}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/unpack-covering.mlir -p 'xfuse-diffusion{root-tile-sizes=12,8,0}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=all-in-loops}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=marked}' --check | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/diffusion/marked-untiled.mlir -p 'xfuse-diffusion{seeds=marked root-tile-sizes=8,16}' --check | filecheck %s
// RUN: xfuse-run %S/../../../../examples/mlp.mlir -p 'xfuse-diffusion{root-tile-sizes=16,32 root-loop=for}' --check | filecheck %s
// The diffused MLP also goes through a full bufferization of the generic form:
// RUN: xfuse-opt %S/../../transforms/Inputs/diffusion/mlp.mlir -p xfuse-diffusion,xfuse-lower-pack-unpack --print-op-generic | mlir-opt --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=BUF

// CHECK: check: ok, the transformed module matches the untransformed input
// BUF: scf.forall
// BUF: linalg.matmul
