// xfuse-diffusion{cost-model=no-recompute}: a producer is fused only where each of its tiles is
// computed once. The packs of a data-tiled contraction would be recomputed per tile of the other
// operand (x's packed rows depend on %iv0 only, W's on %iv1 only): they stay before the nest, with
// a remark. The fill, bias broadcast (their tiles move with both loops), and the unpack, add and
// relu consumers are fused, as with `smallest`.
// RUN: xfuse-opt %S/Inputs/diffusion/mlp-mmt4d.mlir -p 'xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute}' 2>/dev/null | filecheck %s
// RUN: xfuse-opt %S/Inputs/diffusion/mlp-mmt4d.mlir -p 'xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// The default cost model fuses the packs into the nest (recomputed there).
// RUN: xfuse-opt %S/Inputs/diffusion/mlp-mmt4d.mlir -p 'xfuse-tile{loop=forall},xfuse-diffusion' | filecheck %s --check-prefix=SMALLEST
// The same on the padded data-tiled matmul of diffusion.mlir (unpack to 13x10: clamped tiles).
// RUN: xfuse-opt %S/Inputs/diffusion/pack-unpack.mlir -p 'xfuse-diffusion{cost-model=no-recompute}' | filecheck %s --check-prefix=PADDED

// CHECK-LABEL: func.func @mlp(
// CHECK:         %[[XP:.*]] = linalg.pack %x
// CHECK:         %[[WP:.*]] = linalg.pack %w0
// CHECK-NOT:     linalg.pack
// CHECK:         %relu = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (4, 4) step (2, 2)
// CHECK-NEXT:      tensor.extract_slice %[[XP]][%[[I]], 0, 0, 0] [2, 32, 16, 1]
// CHECK-NEXT:      tensor.extract_slice %[[WP]][%[[J]], 0, 0, 0] [2, 32, 16, 1]
// CHECK:           %[[FILL:.*]] = linalg.fill
// CHECK-NEXT:      %[[MM:.*]] = linalg.mmt4d ins({{.*}}) outs(%[[FILL]] : tensor<2x2x16x16xf32>)
// CHECK:           %[[U:.*]] = linalg.unpack %[[MM]] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %{{.*}} : tensor<2x2x16x16xf32> -> tensor<32x32xf32>
// CHECK:           linalg.broadcast
// CHECK:           linalg.add ins(%[[U]], %{{.*}} : tensor<32x32xf32>, tensor<32x32xf32>)
// CHECK:           linalg.generic
// CHECK:           tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [32, 32] [1, 1]
// CHECK-NOT:     linalg.pack
// CHECK:         func.return %relu

// REMARK: mlp-mmt4d.mlir:{{.*}}: remark: diffusion: 'linalg.pack' (producer of operand #0 of 'linalg.mmt4d') not fused: the cost model chose none of the 1 remaining candidate(s) (2x32x16x1)
// REMARK: mlp-mmt4d.mlir:{{.*}}: remark: diffusion: 'linalg.pack' (producer of operand #1 of 'linalg.mmt4d') not fused: the cost model chose none of the 1 remaining candidate(s) (2x32x16x1)
// REMARK: remark: diffusion: fused 'linalg.unpack' (consumer of result #0 of 'linalg.mmt4d')

// SMALLEST:      scf.forall
// SMALLEST:        linalg.pack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [16, 1] {{.*}} -> tensor<2x32x16x1xf32>
// SMALLEST:        linalg.pack %{{.*}} outer_dims_perm = [1, 0] {{.*}} -> tensor<2x32x16x1xf32>
// SMALLEST:        linalg.mmt4d

// PADDED-LABEL: func.func @f(
// PADDED:         linalg.pack %a
// PADDED:         linalg.pack %b
// PADDED:         scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 3)
// PADDED-NOT:       linalg.pack
// PADDED:           linalg.fill
// PADDED:           linalg.mmt4d
// PADDED:           affine.min affine_map<(d0) -> (((d0 * -8) + 13), 8)> (%[[I]])
// PADDED:           linalg.unpack {{.*}} -> tensor<?x?xf32>
