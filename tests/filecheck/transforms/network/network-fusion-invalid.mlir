// xfuse-network-fusion's errors: bad options when the pipeline is parsed (a caret under the
// option), bad sizes at the op (file:line:col), exit code 1; no root is a warning, IR unchanged.
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=4,x"}' 2>&1 | filecheck %s --check-prefix=SYNTAX
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmull=4,4,0"}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=4,4,0;linalg.matmul=2,2,0"}' 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{min-tiles=0}' 2>&1 | filecheck %s --check-prefix=MIN
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{cost-model=fastest}' 2>&1 | filecheck %s --check-prefix=COST
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=4,4,0,2"}' 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=2,16,8"}' 2>&1 | filecheck %s --check-prefix=RED
// RUN: not xfuse-opt %S/Inputs/bad-mark.mlir -p 'xfuse-network-fusion' 2>&1 | filecheck %s --check-prefix=MARK
// RUN: xfuse-opt %S/Inputs/no-root.mlir -p 'xfuse-network-fusion' 2>&1 | filecheck %s --check-prefix=NONE
// A target CPU LLVM does not know (XFUSE_TARGET_CPU) is refused by name, without a traceback.
// RUN: env XFUSE_TARGET_CPU=no-such-cpu not xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion' 2>&1 | filecheck %s --check-prefix=CPU
// Fewer sizes than loops: the missing trailing ones are 0 (untiled), as in xfuse-tile.
// RUN: xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=4" remarks=true}' 2>&1 | filecheck %s --check-prefix=FEWER
// A mark wins over the option.
// RUN: xfuse-opt %S/Inputs/marked.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=4,4,0" remarks=true}' 2>&1 | filecheck %s --check-prefix=MARKED

// SYNTAX: xfuse-opt: error: invalid pass pipeline 'xfuse-network-fusion{tile-sizes="linalg.matmul=4,x"}': xfuse-network-fusion option tile-sizes: entry 'linalg.matmul=4,x' is not OP=SIZES (e.g. linalg.matmul=32,64: an op name, '=', non-negative sizes separated by commas)
// SYNTAX-NEXT: xfuse-network-fusion{tile-sizes="linalg.matmul=4,x"}
// SYNTAX-NEXT: {{^ +}}^
// UNKNOWN: option tile-sizes: 'linalg.matmull' is not an op xfuse knows
// TWICE: option tile-sizes: op 'linalg.matmul' is given twice
// MIN: option min-tiles: must be at least 1, got 0
// COST: option cost-model: unknown cost model 'fastest'
// COUNT: matmul_add_relu.mlir:11:5: error: xfuse-network-fusion: option tile-sizes gives 4 tile sizes for 'linalg.matmul', which has 3 loops (parallel, parallel, reduction)
// RED: matmul_add_relu.mlir:11:5: error: xfuse-network-fusion: tile size 8 for reduction loop d2 of 'linalg.matmul' (sizes [2, 16, 8]): a group is an scf.forall over parallel loops, give reduction loops 0
// MARK: bad-mark.mlir:2:3: error: xfuse-network-fusion: 'xfuse.tile_sizes' gives 4 tile sizes for 'linalg.matmul', which has 3 loops (parallel, parallel, reduction)
// NONE: warning: xfuse-network-fusion: no convolution, matmul or batch matmul on tensors outside a loop: nothing to tile
// NONE: linalg.exp
// FEWER: matmul_add_relu.mlir:11:5: remark: network-fusion: root 'linalg.matmul': tile 4x0x0 (option)
// MARKED: marked.mlir:6:3: remark: network-fusion: root 'linalg.matmul': tile 2x16x0 (marked)
// MARKED: scf.forall (%{{.*}}) = (0) to (8) step (2)
// MARKED-NOT: xfuse.tile_sizes

// CPU: xfuse-opt: error: XFUSE_TARGET_CPU=no-such-cpu: LLVM does not know this CPU
// CPU-NOT: Traceback
