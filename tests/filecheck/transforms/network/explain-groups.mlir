// xfuse-explain --groups: one line per fused group (its roots, the tile, the loops, the other
// ops), then what is outside every group; --json: one record per group.
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-explain %S/Inputs/conv_maxpool.mlir -p 'xfuse-network-fusion{cache-budget=3000}' --groups | filecheck %s
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-explain %S/Inputs/residual_block.mlir -p 'xfuse-network-fusion{cache-budget=3000},xfuse-bufferize,xfuse-share-buffers' --groups --json | filecheck %s --check-prefix=JSON

// CHECK: @g group 1: linalg.conv_2d_nchw_fchw of %1 (conv_maxpool.mlir:11); tile 1x8x4x8xf32; loops forall (8) step (4) [2]; with linalg.broadcast, linalg.generic
// CHECK-NEXT: @g outside any group: linalg.fill, linalg.pooling_nchw_max
// CHECK-NOT: group

// After bufferization the tiles lose their provenance (the locations), not their structure.
// JSON: "group": 1,
// JSON: "roots": [
// JSON-NEXT: "linalg.conv_2d_nchw_fchw"
// JSON: "tile": "1x4x2x8xf32",
// JSON: "forall (8, 8) step (4, 2) [8]"
// JSON: "group": 2,
// JSON: "memref.copy"
