// Differential tests of xfuse-fuse-producers: each input of ../../transforms/Inputs/fuse-producers
// and its fused version are compiled by mlir-opt 22 and run on the same random inputs.
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/forall-fill.mlir -p xfuse-fuse-producers --check --entry forall_fill | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/nested-for-in-forall.mlir -p xfuse-fuse-producers --check --entry nested | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/second-user.mlir -p xfuse-fuse-producers --check --entry second_user | filecheck %s --check-prefix=TWO
// Dynamic sizes 7 and 9: tiles of 5 and 3 (and sub-tiles of 2) do not divide them.
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/dynamic.mlir -p xfuse-fuse-producers --check --entry dynamic --dynamic-size 7 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/dynamic.mlir -p xfuse-fuse-producers --check --entry dynamic --dynamic-size 9 --seed 3 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/dim-of-producer.mlir -p xfuse-fuse-producers --check --entry dim_of_producer --dynamic-size 7 | filecheck %s
// A marked candidate that cannot be fused stops xfuse-run with the diagnostic (exit 1).
// RUN: not xfuse-run %S/../../transforms/Inputs/fuse-producers/k-tiled-fill.mlir -p xfuse-fuse-producers --check 2>&1 | filecheck %s --check-prefix=KTILED

// CHECK: check result #0: ok
// CHECK: check: ok, the transformed module matches the untransformed input
// TWO: check result #0: ok
// TWO: check result #1: ok
// TWO: check: ok, the transformed module matches the untransformed input
// KTILED: error: cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.for'
// KTILED-NOT: check: ok
// linalg.pack producers (lowered by mlir-opt through the backend's pack lowering):
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/pack-mmt4d.mlir -p xfuse-fuse-producers --check --entry pack_mmt4d | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/pack-perm-nested.mlir -p xfuse-fuse-producers --check --entry pack_perm_nested | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/pack-destination.mlir -p xfuse-fuse-producers --check --entry pack_destination | filecheck %s
// linalg.unpack producers whose tiles cut inner tiles (the covering form); 37 rows from 5 outer
// tiles of 8 (tiles of 15 rows), and 5 rows from 1 outer tile:
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/unpack-covering.mlir -p xfuse-fuse-producers --check --entry unpack_covering | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/unpack-covering-dynamic.mlir -p xfuse-fuse-producers --check --entry unpack_covering_dynamic --dynamic-size 5 | filecheck %s
// RUN: xfuse-run %S/../../transforms/Inputs/fuse-producers/unpack-covering-dynamic.mlir -p xfuse-fuse-producers --check --entry unpack_covering_dynamic --dynamic-size 1 --seed 2 | filecheck %s
