// xfuse-tile: ops marked with xfuse.tile_sizes become an scf.for nest (iter_args carry the
// destinations, tensor.insert_slice at the result tile position) or an scf.forall (shared_outs,
// tensor.parallel_insert_slice in scf.forall.in_parallel). One input per case under Inputs/tile/,
// each holding its CHECK lines; ../with-mlir/transforms/tile-exec.mlir runs the same inputs
// through mlir-opt and compares with the untiled module.
//
// RUN: xfuse-opt %S/Inputs/tile/matmul.mlir -p xfuse-tile | filecheck %S/Inputs/tile/matmul.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/matmul.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/matmul.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/matmul.mlir -p 'xfuse-tile{interchange=1,0}' | filecheck %S/Inputs/tile/matmul.mlir --check-prefix=INTERCHANGE
// RUN: xfuse-opt %S/Inputs/tile/matmul.mlir -p 'xfuse-tile{interchange=1,0 loop=forall}' | filecheck %S/Inputs/tile/matmul.mlir --check-prefix=INTERCHANGE-FORALL
// RUN: xfuse-opt %S/Inputs/tile/matmul-reduction.mlir -p xfuse-tile | filecheck %S/Inputs/tile/matmul-reduction.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/generic-elementwise.mlir -p xfuse-tile | filecheck %S/Inputs/tile/generic-elementwise.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/generic-elementwise.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/generic-elementwise.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/generic-two-results.mlir -p xfuse-tile | filecheck %S/Inputs/tile/generic-two-results.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/generic-two-results.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/generic-two-results.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/nondividing.mlir -p xfuse-tile | filecheck %S/Inputs/tile/nondividing.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/nondividing.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/nondividing.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/dynamic.mlir -p xfuse-tile | filecheck %S/Inputs/tile/dynamic.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/dynamic.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/dynamic.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/reduce.mlir -p 'xfuse-tile{tile-sizes=4,3}' | filecheck %S/Inputs/tile/reduce.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/reduce.mlir -p 'xfuse-tile{tile-sizes=4 loop=forall}' | filecheck %S/Inputs/tile/reduce.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/pack.mlir -p xfuse-tile | filecheck %S/Inputs/tile/pack.mlir --check-prefix=FOR
// RUN: xfuse-opt %S/Inputs/tile/pack.mlir -p 'xfuse-tile{loop=forall}' | filecheck %S/Inputs/tile/pack.mlir --check-prefix=FORALL
// RUN: xfuse-opt %S/Inputs/tile/marked-and-unmarked.mlir -p 'xfuse-tile{tile-sizes=4,6}' | filecheck %S/Inputs/tile/marked-and-unmarked.mlir
//
// The output is valid input again: the tiled ops are unmarked, so a second run finds nothing.
// RUN: xfuse-opt %S/Inputs/tile/matmul.mlir -p xfuse-tile | xfuse-opt | filecheck %S/Inputs/tile/matmul.mlir --check-prefix=FOR
// RUN: not xfuse-opt %S/Inputs/tile/matmul.mlir -p xfuse-tile,xfuse-tile 2>&1 | filecheck %s --check-prefix=TWICE
// TWICE: error: xfuse-tile: no op carries the 'xfuse.tile_sizes' attribute
