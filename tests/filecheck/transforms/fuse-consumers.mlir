// xfuse-fuse-consumers: a tile of each consumer of a tiled loop nest is moved into the innermost
// loop where the tile of its operand is known; its destination becomes a new loop output.
// Inputs (one function each, also run by with-mlir/transforms/fuse-consumers-exec.mlir):
// RUN: xfuse-opt %S/Inputs/fuse-consumers/bias-relu.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=BIAS
// RUN: xfuse-opt %S/Inputs/fuse-consumers/nested.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=NESTED
// RUN: xfuse-opt %S/Inputs/fuse-consumers/two-results-agree.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=AGREE
// RUN: xfuse-opt %S/Inputs/fuse-consumers/multi-result.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=MULTI
// RUN: xfuse-opt %S/Inputs/fuse-consumers/accumulation.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=ACCUM
// RUN: xfuse-opt %S/Inputs/fuse-consumers/reduce-rows.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=REDUCE
// Dynamic shapes: the destination sized by tensor.dim of the loop result (moved above the loop,
// reading the tied init); a dim of a result that is not the init with slices inserted is refused:
// RUN: xfuse-opt %S/Inputs/fuse-consumers/result-dims.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=DIMS
// RUN: xfuse-opt %S/Inputs/fuse-consumers/result-dims-other.mlir -p xfuse-fuse-consumers 2>&1 | filecheck %s --check-prefix=DIMS-OTHER
// RUN: xfuse-opt %S/Inputs/fuse-consumers/result-dims-nested.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=DIMS-NESTED
// only-marked leaves unmarked consumers alone (the exp stays after the loop); in a sweep,
// the transpose is fused, then the add refused (its two tiles disagree):
// RUN: xfuse-opt %S/Inputs/fuse-consumers/marked.mlir -p 'xfuse-fuse-consumers{only-marked=true}' | filecheck %s --check-prefix=MARKED
// RUN: xfuse-opt %S/Inputs/fuse-consumers/operand-after-loop.mlir -p 'xfuse-fuse-consumers{remarks=false}' | filecheck %s --check-prefix=SWEEP
//
// Refusals: a remark per refused candidate during a sweep (IR unchanged), an error when the op
// was marked for fusion and only-marked is set.
// RUN: xfuse-opt %S/Inputs/fuse-consumers/two-results-disagree.mlir -p xfuse-fuse-consumers 2>&1 | filecheck %s --check-prefix=DISAGREE-REMARK
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/two-results-disagree.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=DISAGREE
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/partial-reduction.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=PARTIAL
// RUN: xfuse-opt %S/Inputs/fuse-consumers/partial-reduction.mlir -p xfuse-fuse-consumers 2>/dev/null | filecheck %s --check-prefix=PARTIAL-IR
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/strided.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=STRIDED
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/dest-is-result.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=DEST
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/operand-after-loop.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=AFTER

// The bias+relu generic moves into the forall of the matmul; its outs (a tensor.empty defined
// after the loop, moved above it) becomes a second shared_out.
// BIAS-LABEL: func.func @f(
// BIAS-SAME:      %[[A:.*]]: tensor<64x32xf32>, %[[B:.*]]: tensor<32x64xf32>, %[[BIASV:.*]]: tensor<64xf32>)
// BIAS:         %[[INIT:.*]] = linalg.fill
// BIAS-NEXT:    %[[OUT:.*]] = tensor.empty() : tensor<64x64xf32>
// BIAS-NEXT:    %[[MM:.*]], %[[R:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (4, 2) shared_outs(%[[O:.*]] = %[[INIT]], %[[O2:.*]] = %[[OUT]]) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
// BIAS:           %[[OI:.*]] = affine.apply
// BIAS:           %[[OJ:.*]] = affine.apply
// BIAS:           %[[T:.*]] = linalg.matmul
// BIAS-NEXT:      %[[BS:.*]] = tensor.extract_slice %[[BIASV]][%[[OJ]]] [32] [1] : tensor<64xf32> to tensor<32xf32>
// BIAS-NEXT:      %[[DS:.*]] = tensor.extract_slice %[[O2]][%[[OI]], %[[OJ]]] [16, 32] [1, 1] : tensor<64x64xf32> to tensor<16x32xf32>
// BIAS-NEXT:      %[[G:.*]] = linalg.generic {{.*}} ins(%[[T]], %[[BS]] : tensor<16x32xf32>, tensor<32xf32>) outs(%[[DS]] : tensor<16x32xf32>)
// BIAS:             arith.maximumf
// BIAS:           scf.forall.in_parallel {
// BIAS-NEXT:        tensor.parallel_insert_slice %[[T]] into %[[O]][%[[OI]], %[[OJ]]] [16, 32] [1, 1]
// BIAS-NEXT:        tensor.parallel_insert_slice %[[G]] into %[[O2]][%[[OI]], %[[OJ]]] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<64x64xf32>
// BIAS-NEXT:      }
// BIAS-NEXT:    }
// BIAS-NEXT:    func.return %[[R]] : tensor<64x64xf32>

// Through the whole chain (insert_slice in scf.for, parallel_insert_slice in scf.forall), to a
// fixed point: the add, then the exp reading the add's new loop result. Each new output is
// threaded through both loops; the tile offset in the loop result is [%oi + 0, 0 + %j].
// NESTED-LABEL: func.func @f(
// NESTED-SAME:      %[[C:[a-z0-9]+]]: tensor<64x64xf32>)
// NESTED:         linalg.fill
// NESTED-NEXT:    %[[OUT:.*]] = tensor.empty() : tensor<64x64xf32>
// NESTED-NEXT:    %[[OUT2:.*]] = tensor.empty() : tensor<64x64xf32>
// NESTED-NEXT:    %{{.*}}, %{{.*}}, %[[R:.*]] = scf.forall (%{{.*}}) in (4) shared_outs(%[[O:.*]] = %{{.*}}, %[[O1:.*]] = %[[OUT]], %[[O2:.*]] = %[[OUT2]])
// NESTED:           %[[OI:.*]] = affine.apply
// NESTED:           %[[I1:.*]] = tensor.extract_slice %[[O1]][%[[OI]], 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
// NESTED-NEXT:      %[[I2:.*]] = tensor.extract_slice %[[O2]][%[[OI]], 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
// NESTED-NEXT:      %[[ROW:.*]], %[[ROW1:.*]], %[[ROW2:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A1:.*]] = %[[I1]], %[[A2:.*]] = %[[I2]])
// NESTED:             %[[T:.*]] = linalg.matmul
// NESTED-NEXT:        %[[U:.*]] = tensor.insert_slice %[[T]] into %[[ACC]][0, %[[J]]] [16, 16] [1, 1]
// NESTED-NEXT:        %[[CS:.*]] = tensor.extract_slice %[[C]][%[[OI]], %[[J]]] [16, 16] [1, 1]
// NESTED-NEXT:        %[[D1:.*]] = tensor.extract_slice %[[A1]][0, %[[J]]] [16, 16] [1, 1]
// NESTED-NEXT:        %[[ADD:.*]] = linalg.add ins(%[[T]], %[[CS]] : tensor<16x16xf32>, tensor<16x16xf32>) outs(%[[D1]] : tensor<16x16xf32>)
// NESTED-NEXT:        %[[W1:.*]] = tensor.insert_slice %[[ADD]] into %[[A1]][0, %[[J]]] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<16x64xf32>
// NESTED-NEXT:        %[[D2:.*]] = tensor.extract_slice %[[A2]][0, %[[J]]] [16, 16] [1, 1]
// NESTED-NEXT:        %[[EXP:.*]] = linalg.exp ins(%[[ADD]] : tensor<16x16xf32>) outs(%[[D2]] : tensor<16x16xf32>)
// NESTED-NEXT:        %[[W2:.*]] = tensor.insert_slice %[[EXP]] into %[[A2]][0, %[[J]]] [16, 16] [1, 1]
// NESTED-NEXT:        scf.yield %[[U]], %[[W1]], %[[W2]] : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>
// NESTED-NEXT:      }
// NESTED-NEXT:      scf.forall.in_parallel {
// NESTED-NEXT:        tensor.parallel_insert_slice %[[ROW]] into %[[O]][%[[OI]], 0] [16, 64] [1, 1]
// NESTED-NEXT:        tensor.parallel_insert_slice %[[ROW1]] into %[[O1]][%[[OI]], 0] [16, 64] [1, 1]
// NESTED-NEXT:        tensor.parallel_insert_slice %[[ROW2]] into %[[O2]][%[[OI]], 0] [16, 64] [1, 1]
// NESTED-NEXT:      }
// NESTED-NEXT:    }
// NESTED-NEXT:    func.return %[[R]]

// A consumer of two results of one forall, whose tiles agree: fused once, on both tiles.
// AGREE:         %{{.*}}, %{{.*}}, %[[R:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[O:.*]] = %{{.*}})
// AGREE:           %[[X:.*]] = linalg.exp
// AGREE-NEXT:      %[[Y:.*]] = linalg.mul
// AGREE-NEXT:      %[[D:.*]] = tensor.extract_slice %[[O]]
// AGREE-NEXT:      %[[S:.*]] = linalg.add ins(%[[X]], %[[Y]] : tensor<16x16xf32>, tensor<16x16xf32>) outs(%[[D]] : tensor<16x16xf32>)
// AGREE:           tensor.parallel_insert_slice %[[S]] into %[[O]]
// AGREE:         func.return %[[R]]

// A consumer with two results: two new shared_outs; the transposed one is written at [oj, oi].
// MULTI:         %{{.*}}, %[[R0:.*]], %[[R1:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}, %[[O0:.*]] = %{{.*}}, %[[O1:.*]] = %{{.*}}) -> (tensor<32x48xf32>, tensor<32x48xf32>, tensor<48x32xf32>)
// MULTI:           %[[OI:.*]] = affine.apply
// MULTI:           %[[OJ:.*]] = affine.apply
// MULTI:           %[[X:.*]] = linalg.exp
// MULTI-NEXT:      %[[BS:.*]] = tensor.extract_slice %{{.*}}[%[[OJ]]] [16] [1]
// MULTI-NEXT:      %[[D0:.*]] = tensor.extract_slice %[[O0]][%[[OI]], %[[OJ]]] [16, 16] [1, 1]
// MULTI-NEXT:      %[[D1:.*]] = tensor.extract_slice %[[O1]][%[[OJ]], %[[OI]]] [16, 16] [1, 1]
// MULTI-NEXT:      %[[G0:.*]], %[[G1:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[BS]] : {{.*}}) outs(%[[D0]], %[[D1]] : {{.*}})
// MULTI:           tensor.parallel_insert_slice %[[G0]] into %[[O0]][%[[OI]], %[[OJ]]] [16, 16] [1, 1]
// MULTI-NEXT:      tensor.parallel_insert_slice %[[G1]] into %[[O1]][%[[OJ]], %[[OI]]] [16, 16] [1, 1]
// MULTI:         func.return %[[R0]], %[[R1]]

// The scf.for accumulates into one tile: the consumer goes after it, in the forall.
// ACCUM:           %{{.*}}, %[[R:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}, %[[O:.*]] = %[[C:.*]])
// ACCUM:             %[[SUM:.*]] = scf.for
// ACCUM-NOT:           linalg.generic
// ACCUM:             }
// ACCUM-NEXT:        %[[D:.*]] = tensor.extract_slice %[[O]]
// ACCUM-NEXT:        %[[G:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<16x16xf32>) outs(%[[D]] : tensor<16x16xf32>)
// ACCUM:             tensor.parallel_insert_slice %[[G]] into %[[O]]
// ACCUM:           func.return %[[R]]

// A reduction over whole rows (the forall tiles rows only) is fused; its init (a linalg.fill
// after the loop) is moved above the loop.
// REDUCE:        %[[ACC:.*]] = linalg.fill
// REDUCE-NEXT:   %{{.*}}, %[[R:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}, %[[O:.*]] = %[[ACC]]) -> (tensor<64x32xf32>, tensor<64xf32>)
// REDUCE:          %[[X:.*]] = linalg.exp
// REDUCE-NEXT:     %[[D:.*]] = tensor.extract_slice %[[O]][%[[OI:.*]]] [16] [1] : tensor<64xf32> to tensor<16xf32>
// REDUCE-NEXT:     %[[S:.*]] = linalg.reduce ins(%[[X]] : tensor<16x32xf32>) outs(%[[D]] : tensor<16xf32>) dimensions = [1]
// REDUCE:          tensor.parallel_insert_slice %[[S]] into %[[O]][%[[OI]]] [16] [1]
// REDUCE:        func.return %[[R]]

// MARKED:        %{{.*}}, %[[SUM:.*]] = scf.forall
// MARKED:            scf.for
// MARKED:              linalg.matmul
// MARKED:              linalg.add ins({{[^)]*}}) outs({{[^)]*}}) -> tensor<16x16xf32>
// MARKED:              scf.yield
// MARKED:            scf.forall.in_parallel
// MARKED:        linalg.exp ins(%[[SUM]] : tensor<64x64xf32>)
// SWEEP:         scf.forall
// SWEEP:           linalg.transpose ins(%{{.*}} : tensor<16x32xf32>) outs(%{{.*}} : tensor<32x16xf32>)
// SWEEP:           tensor.parallel_insert_slice %{{.*}} into %{{.*}}[0, %{{.*}}] [32, 16] [1, 1]
// SWEEP:         linalg.add

// DISAGREE-REMARK: two-results-disagree.mlir:21:3: remark: cannot fuse consumer 'linalg.add' into the loop nest: the tiles of operands #0 and #1 map loop d0 to different (or not provably equal) ranges: offset %oi size 16 vs offset %oj size 16
// DISAGREE-REMARK: scf.forall
// DISAGREE-REMARK: scf.forall.in_parallel
// DISAGREE-REMARK: tensor.empty
// DISAGREE-REMARK-NEXT: linalg.add
// DISAGREE: two-results-disagree.mlir:21:3: error: cannot fuse consumer 'linalg.add' into the loop nest: the tiles of operands #0 and #1 map loop d0 to different (or not provably equal) ranges
// PARTIAL: partial-reduction.mlir:18:3: error: cannot fuse consumer 'linalg.generic' into the loop nest: the tile of operand #0 cuts reduction loop d1 (offset %oj size 16 of 32): the tiled op would compute a partial reduction, not a tile of the result
// PARTIAL-IR:      scf.forall
// PARTIAL-IR-NOT:    linalg.generic
// PARTIAL-IR:      }
// PARTIAL-IR:      linalg.generic
// STRIDED: strided.mlir:13:3: error: cannot fuse consumer 'linalg.exp' into the loop nest: operand #0 is written by a 'tensor.parallel_insert_slice' with non-unit strides (only unit strides are supported)
// DEST: dest-is-result.mlir:13:3: error: cannot fuse consumer 'linalg.add' into the loop nest: its destination operand (result #0) is result #0 of the loop nest itself
// AFTER: operand-after-loop.mlir:17:3: error: cannot fuse consumer 'linalg.add' into the loop nest: an operand that is not fused depends on the loop nest's results (through 'linalg.transpose')

// linalg.unpack consumers (model: xfuse/interfaces/tiling_pack.py). The nest writes whole inner
// tiles: the unpack is fused, reading the tile directly (no temporary, no cast), and writes the
// clamped dest tile into a new output. A nest writing part of an inner tile is refused.
// RUN: xfuse-opt %S/Inputs/fuse-consumers/unpack.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=UNPACK
// RUN: xfuse-opt %S/Inputs/fuse-consumers/unpack-nested-perm.mlir -p xfuse-fuse-consumers | filecheck %s --check-prefix=UNPACK-NESTED
// RUN: xfuse-opt %S/Inputs/fuse-consumers/unpack-cuts-inner-tile.mlir -p xfuse-fuse-consumers 2>&1 | filecheck %s --check-prefix=UNPACK-CUT-REMARK
// RUN: not xfuse-opt %S/Inputs/fuse-consumers/unpack-cuts-inner-tile.mlir -p 'xfuse-fuse-consumers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=UNPACK-CUT

// UNPACK-LABEL: func.func @f(
// UNPACK:         %[[UE:.*]] = tensor.empty() : tensor<13x10xf32>
// UNPACK-NEXT:    %{{.*}}, %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 3) shared_outs(%[[O:.*]] = %{{.*}}, %[[O2:.*]] = %[[UE]]) -> (tensor<2x3x8x4xf32>, tensor<13x10xf32>)
// UNPACK:           %[[MM:.*]] = linalg.mmt4d
// UNPACK-NEXT:      %[[OI:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[I]])
// UNPACK-NEXT:      %[[SI:.*]] = affine.min affine_map<(d0) -> (((d0 * -8) + 13), 8)> (%[[I]])
// UNPACK-NEXT:      %[[OJ:.*]] = affine.apply affine_map<(d0) -> ((d0 * 4))> (%[[J]])
// UNPACK-NEXT:      %[[SJ:.*]] = affine.min affine_map<(d0) -> (((d0 * -4) + 10), 4)> (%[[J]])
// UNPACK-NEXT:      %[[D:.*]] = tensor.extract_slice %[[O2]][%[[OI]], %[[OJ]]] [%[[SI]], %[[SJ]]] [1, 1] : tensor<13x10xf32> to tensor<?x?xf32>
// UNPACK-NEXT:      %[[U:.*]] = linalg.unpack %[[MM]] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[D]] : tensor<1x1x8x4xf32> -> tensor<?x?xf32>
// UNPACK-NEXT:      scf.forall.in_parallel {
// UNPACK-NEXT:        tensor.parallel_insert_slice %[[MM]] into %[[O]][%[[I]], %[[J]], 0, 0] [1, 1, 8, 4] [1, 1, 1, 1]
// UNPACK-NEXT:        tensor.parallel_insert_slice %[[U]] into %[[O2]][%[[OI]], %[[OJ]]] [%[[SI]], %[[SJ]]] [1, 1] : tensor<?x?xf32> into tensor<13x10xf32>
// UNPACK-NEXT:      }
// UNPACK-NEXT:    }
// UNPACK-NEXT:    func.return %[[R]] : tensor<13x10xf32>

// outer_dims_perm = [1, 0]: the source tile [%i, %k] [2, 2] (outer dims) is the dest tile
// [%k * 8, %i * 4] [16, 8], static: 32 = 4 x 8 and 24 = 6 x 4, so no outer tile is padded and
// none needs clamping to the dest.
// UNPACK-NESTED-LABEL: func.func @f(
// UNPACK-NESTED:         %[[UE:.*]] = tensor.empty() : tensor<32x24xf32>
// UNPACK-NESTED-NEXT:    %{{.*}}, %[[R:.*]] = scf.forall (%[[I:.*]]) = (0) to (6) step (2) shared_outs(%{{.*}} = %{{.*}}, %[[O2:.*]] = %[[UE]])
// UNPACK-NESTED:           %[[C:.*]] = affine.apply affine_map<(d0) -> ((d0 * 4))> (%[[I]])
// UNPACK-NESTED-NEXT:      %[[INIT:.*]] = tensor.extract_slice %[[O2]][0, %[[C]]] [32, 8] [1, 1] : tensor<32x24xf32> to tensor<32x8xf32>
// UNPACK-NESTED-NEXT:      %{{.*}}, %[[ROW:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A2:.*]] = %[[INIT]])
// UNPACK-NESTED:             %[[Y:.*]] = linalg.exp
// UNPACK-NESTED-NEXT:        tensor.insert_slice %[[Y]]
// UNPACK-NESTED-NEXT:        %[[R0:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[K]])
// UNPACK-NESTED-NEXT:        %[[D:.*]] = tensor.extract_slice %[[A2]][%[[R0]], 0] [16, 8] [1, 1]
// UNPACK-NESTED-NEXT:        %[[U:.*]] = linalg.unpack %[[Y]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[D]] : tensor<2x2x8x4xf32> -> tensor<16x8xf32>
// UNPACK-NESTED-NEXT:        %[[W:.*]] = tensor.insert_slice %[[U]] into %[[A2]][%[[R0]], 0] [16, 8] [1, 1]
// UNPACK-NESTED-NEXT:        scf.yield %{{.*}}, %[[W]]
// UNPACK-NESTED:           tensor.parallel_insert_slice %[[ROW]] into %[[O2]][0, %[[C]]] [32, 8] [1, 1]
// UNPACK-NESTED:         func.return %[[R]] : tensor<32x24xf32>

// UNPACK-CUT-REMARK: unpack-cuts-inner-tile.mlir:16:3: remark: cannot fuse consumer 'linalg.unpack' into the loop nest: the tile of the source cuts inner tile #0 (dim 2: offset %oh size 4, the inner tile is 8): an unpack reads whole inner tiles
// UNPACK-CUT-REMARK:      scf.forall.in_parallel
// UNPACK-CUT-REMARK:      }
// UNPACK-CUT-REMARK-NEXT: }
// UNPACK-CUT-REMARK-NEXT: %{{.*}} = tensor.empty() : tensor<16x16xf32>
// UNPACK-CUT-REMARK-NEXT: linalg.unpack
// UNPACK-CUT: unpack-cuts-inner-tile.mlir:16:3: error: cannot fuse consumer 'linalg.unpack' into the loop nest: the tile of the source cuts inner tile #0 (dim 2: offset %oh size 4, the inner tile is 8): an unpack reads whole inner tiles
// UNPACK-CUT-NOT: Traceback

// Alignment proven from loop bounds and steps (issue 8 item 5): the inner-tile dim is tiled at
// offset %j (forall from 0 step 32) / %k (scf.for from %c0 step %c32), provably 0, so the tile
// holds whole inner tiles and the unpack is fused; stepping by 16 cuts the inner tile: refused.
// RUN: xfuse-opt %S/Inputs/fuse-consumers/unpack-loop-bounds.mlir -p xfuse-fuse-consumers 2>/dev/null | filecheck %s --check-prefix=UNPACK-BOUNDS
// RUN: xfuse-opt %S/Inputs/fuse-consumers/unpack-loop-bounds.mlir -p xfuse-fuse-consumers 2>&1 >/dev/null | filecheck %s --check-prefix=UNPACK-BOUNDS-REMARK
// UNPACK-BOUNDS-LABEL: func.func @forall(
// UNPACK-BOUNDS:         %{{.*}}, %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (64, 32) step (16, 32) shared_outs(%{{.*}} = %{{.*}}, %[[O2:.*]] = %{{.*}})
// UNPACK-BOUNDS:           %[[Y:.*]] = linalg.exp
// UNPACK-BOUNDS-NEXT:      %[[OFF:.*]] = affine.apply affine_map<(d0) -> ((d0 * 32))> (%[[I]])
// UNPACK-BOUNDS-NEXT:      %[[D:.*]] = tensor.extract_slice %[[O2]][%[[OFF]]] [512] [1]
// UNPACK-BOUNDS-NEXT:      %[[U:.*]] = linalg.unpack %[[Y]] inner_dims_pos = [0] inner_tiles = [32] into %[[D]] : tensor<16x32xf32> -> tensor<512xf32>
// UNPACK-BOUNDS:             tensor.parallel_insert_slice %[[U]] into %[[O2]][%[[OFF]]] [512] [1]
// UNPACK-BOUNDS:         func.return %[[R]] : tensor<2048xf32>
// The inner loop's tile of the unpack is its whole output (2048 = 64 x 32 is not padded, so the
// size is static): the unpack writes into the iteration argument itself, no identity slice.
// UNPACK-BOUNDS-LABEL: func.func @for(
// UNPACK-BOUNDS:         %{{.*}}, %[[R:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O2:.*]] = %{{.*}})
// UNPACK-BOUNDS:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A2:.*]] = %{{.*}})
// UNPACK-BOUNDS:             %[[Y:.*]] = linalg.exp
// UNPACK-BOUNDS:             %[[U2:.*]] = linalg.unpack %[[Y]] inner_dims_pos = [0] inner_tiles = [32] into %[[A2]] : tensor<16x32xf32> -> tensor<512xf32>
// UNPACK-BOUNDS-NEXT:        scf.yield %{{.*}}, %[[U2]]
// UNPACK-BOUNDS:         func.return %[[R]] : tensor<2048xf32>
// UNPACK-BOUNDS-REMARK: unpack-loop-bounds.mlir:53:3: remark: cannot fuse consumer 'linalg.unpack' into the loop nest: the tile of the source cuts inner tile #0 (dim 1: offset %j size 16, the inner tile is 32): an unpack reads whole inner tiles

// Through an scf.for nest whose outer loop yields the inner loop's result (xfuse-tile's `for`
// nests, MLIR's tileUsingSCF): the outer level is an identity level, crossed without slices; the
// new outputs are threaded through both loops and named after what they hold.
// RUN: xfuse-opt %S/Inputs/fuse-consumers/for-nest.mlir -p 'xfuse-tile,xfuse-fuse-consumers' | filecheck %s --check-prefix=FOR-NEST
// FOR-NEST-LABEL: func.func @f(
// FOR-NEST:         %mm, %sum, %r = scf.for %[[I:.*]] = %{{.*}} iter_args(%[[A:.*]] = %c, %[[B:.*]] = %e, %[[C:.*]] = %e2)
// FOR-NEST-NOT:       tensor.extract_slice %[[B]]
// FOR-NEST:           %[[MMI:.*]], %[[SUMI:.*]], %[[RI:.*]] = scf.for %[[J:.*]] = %{{.*}} iter_args(%{{.*}} = %[[A]], %[[B2:.*]] = %[[B]], %[[C2:.*]] = %[[C]])
// FOR-NEST:             %[[T:.*]] = linalg.matmul
// FOR-NEST:             %[[BS:.*]] = tensor.extract_slice %bias[%[[I]], %[[J]]]
// FOR-NEST:             %[[SO:.*]] = tensor.extract_slice %[[B2]][%[[I]], %[[J]]]
// FOR-NEST:             %[[S:.*]] = linalg.add ins(%[[T]], %[[BS]] : {{.*}}) outs(%[[SO]] :
// FOR-NEST:             tensor.insert_slice %[[S]] into %[[B2]][%[[I]], %[[J]]]
// FOR-NEST:             linalg.exp ins(%[[S]] :
// FOR-NEST:             scf.yield
// FOR-NEST-NEXT:      }
// FOR-NEST-NEXT:      scf.yield %[[MMI]], %[[SUMI]], %[[RI]] :
// FOR-NEST-NEXT:    }
// FOR-NEST-NEXT:    func.return %r

// Remarks show offsets and sizes as the user would write them: xfuse-tile names its induction
// variables after the op's loop (%iv0 tiles d0), and index arithmetic is printed as an expression.
// RUN: xfuse-opt %S/Inputs/fuse-consumers/remark-offsets.mlir -p 'xfuse-tile{loop=forall},xfuse-fuse-consumers' 2>&1 >/dev/null | filecheck %s --check-prefix=OFFSETS
// OFFSETS: remark-offsets.mlir:6:3: remark: cannot fuse consumer 'linalg.generic' into the loop nest: the tile of operand #0 cuts reduction loop d1 (offset %iv0 size min(5, 13 - %iv0) of 13): the tiled op would compute a partial reduction, not a tile of the result

// DIMS-LABEL: func.func @forall
// DIMS:         %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// DIMS-NEXT:    %[[RM:.*]] = tensor.dim %[[E]], %c0
// DIMS-NEXT:    %[[RN:.*]] = tensor.dim %[[E]], %c1
// DIMS-NEXT:    %[[OUT:.*]] = tensor.empty(%[[RM]], %[[RN]])
// DIMS-NEXT:    %{{.*}}, %[[Y:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[E]], %[[O:.*]] = %[[OUT]])
// DIMS:           linalg.negf
// DIMS:           tensor.parallel_insert_slice %{{.*}} into %[[O]]
// DIMS:         func.return %[[Y]]
// DIMS-LABEL: func.func @for
// DIMS:         %[[E2:.*]] = tensor.empty
// DIMS-NEXT:    %[[RM2:.*]] = tensor.dim %[[E2]], %c0
// DIMS-NEXT:    %[[OUT2:.*]] = tensor.empty(%[[RM2]], %n)
// DIMS-NEXT:    %{{.*}}, %[[Y2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E2]], %{{.*}} = %[[OUT2]])
// DIMS:           linalg.negf
// DIMS:         func.return %[[Y2]]
// DIMS-OTHER: result-dims-other.mlir:22:3: remark: cannot fuse consumer 'linalg.negf' into the loop nest: an operand that is not fused depends on the loop nest's results (through 'tensor.empty')
// DIMS-NESTED:      %[[FILL:.*]] = linalg.fill
// DIMS-NESTED-NEXT: %[[RM:.*]] = tensor.dim %[[FILL]], %c0
// DIMS-NESTED-NEXT: %[[RN:.*]] = tensor.dim %[[FILL]], %c1
// DIMS-NESTED-NEXT: %[[OUT:.*]] = tensor.empty(%[[RM]], %[[RN]])
// DIMS-NESTED-NEXT: %{{.*}}, %[[SUM:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[FILL]], %{{.*}} = %[[OUT]])
// DIMS-NESTED:        scf.for
// DIMS-NESTED:          linalg.matmul
// DIMS-NESTED:        linalg.add
// DIMS-NESTED:      func.return %[[SUM]]
