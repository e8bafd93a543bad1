// xfuse-network-fusion on torch-mlir's lowering of small ONNX models, the other root kinds
// (Inputs/, made by Inputs/make_inputs.py): every convolution / matmul / batch matmul is a root with its own
// tile sizes, then diffusion fuses its neighbours. XFUSE_TARGET_CPU fixes the target (16 f32
// lanes, 1 MiB L2); cache-budget=3000 makes these tiny layers take several tiles.
//
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/batched_matmul.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' 2>&1 | filecheck %s --check-prefix=BMM
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/depthwise_conv.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=DW
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/grouped_conv.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=GRP
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/attention.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=ATT
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/conv_maxpool.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' 2>&1 | filecheck %s --check-prefix=POOL
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/pool_between_convs.mlir -p 'xfuse-network-fusion{cache-budget=1000 remarks=true}' 2>&1 | filecheck %s --check-prefix=POOL2
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/generic_contractions.mlir -p 'xfuse-network-fusion{cache-budget=1000 remarks=true}' 2>&1 | filecheck %s --check-prefix=GEN
// On a host with 8 f32 lanes (AVX2) the vector loop of the matmul (N = 16) takes 8, not 16.
// RUN: env XFUSE_TARGET_CPU=x86-64-v3 xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{cache-budget=1000 remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=AVX2

// A 3-D MatMul with a 2-D weight: torch-mlir broadcasts the weight with a generic, then a
// batch_matmul; the broadcast is fused as a producer.
// BMM: batched_matmul.mlir:17:5: remark: network-fusion: root 'linalg.batch_matmul': tile 2x4x8x0
// BMM: batched_matmul.mlir:11:5: remark: diffusion: fused 'linalg.generic' (producer of operand #1 of 'linalg.batch_matmul')
// BMM: batched_matmul.mlir:18:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.batch_matmul')
// BMM: scf.forall
// BMM: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x4x16xf32>, tensor<2x16x8xf32>)

// Depthwise (group = channels) and grouped convolutions are roots too.
// DW: depthwise_conv.mlir:14:5: remark: network-fusion: root 'linalg.depthwise_conv_2d_nchw_chw': tile 1x8x8x4x0x0
// DW: remark: diffusion: fused 'tensor.pad'
// DW: remark: diffusion: fused 'linalg.broadcast'
// DW: remark: diffusion: fused 'linalg.generic'
// GRP: grouped_conv.mlir:10:5: remark: network-fusion: root 'linalg.conv_2d_ngchw_gfchw': tile 1x2x4x6x6x0x0x0
// GRP: grouped_conv.mlir:8:5: remark: diffusion: 'tensor.expand_shape' (producer of operand #0 of 'linalg.conv_2d_ngchw_gfchw') has no tiling model: diffusion stops there
// GRP: grouped_conv.mlir:11:5: remark: diffusion: 'tensor.collapse_shape' (consumer of result #0 of 'linalg.conv_2d_ngchw_gfchw') has no tiling model: diffusion stops there

// Attention scores: Q.K^T and P.V are roots; softmax's max (with torch-mlir's unused argmax) is
// fused into the first group; the subtraction is refused there (it also reads the max through an
// expand_shape, outside the nest) and, with exp, joins the second group as producers; the sum is
// read through a (d0, d1, 0) map, which producer fusion does not take.
// ATT: attention.mlir:14:5: remark: network-fusion: root 'linalg.batch_matmul': tile 2x8x8x0
// ATT: attention.mlir:53:5: remark: network-fusion: root 'linalg.batch_matmul': tile 2x8x4x0
// ATT: attention.mlir:11:5: remark: diffusion: fused 'linalg.transpose' (producer of operand #1 of 'linalg.batch_matmul')
// ATT: attention.mlir:19:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.batch_matmul')
// ATT: attention.mlir:29:5: remark: diffusion: 'linalg.generic' (consumer of result #0 of 'linalg.batch_matmul') not fused {{.*}}: an operand that is not fused depends on the loop nest's results (through 'tensor.expand_shape')
// ATT: attention.mlir:46:5: remark: diffusion: fused 'linalg.generic' (producer of operand #0 of 'linalg.batch_matmul')
// ATT: attention.mlir:34:5: remark: diffusion: fused 'linalg.generic' (producer of operand #0 of 'linalg.generic')
// ATT: attention.mlir:41:5: remark: diffusion: 'linalg.generic' (producer of operand #1 of 'linalg.generic') not fused {{.*}}: operand #1 is read through (d0, d1, d2) -> (d0, d1, 0), not a projected permutation
// ATT: attention.mlir:29:5: remark: diffusion: fused 'linalg.generic' (producer of operand #0 of 'linalg.generic')

// Max pooling is not a root (no product) and not fused: its window reads rows of several conv
// tiles, so it cannot be computed from one; it stays after the group.
// POOL: conv_maxpool.mlir:11:5: remark: network-fusion: root 'linalg.conv_2d_nchw_fchw': tile 1x8x4x8x0x0x0
// POOL: conv_maxpool.mlir:21:5: remark: diffusion: 'linalg.pooling_nchw_max' (consumer of result #0 of 'linalg.generic') is a contraction: diffusion stops there
// POOL: scf.forall
// POOL: scf.forall.in_parallel
// POOL: linalg.pooling_nchw_max

// A max pool read by a 1x1 conv through a slice joins that conv's group as a producer (the
// pooled rows of each tile), with its -inf fill.
// POOL2: pool_between_convs.mlir:30:5: remark: network-fusion: root 'linalg.conv_2d_nchw_fchw': tile 1x16x1x5x0x0x0
// POOL2: pool_between_convs.mlir:27:5: remark: diffusion: fused 'linalg.pooling_nchw_max' (producer of a slice read in the nest of 'linalg.conv_2d_nchw_fchw')
// POOL2: pool_between_convs.mlir:25:5: remark: diffusion: fused 'linalg.fill' (producer of operand #2 of 'linalg.pooling_nchw_max')
// POOL2: = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 11) step (2, 1)
// POOL2: = scf.forall (%{{.*}}) in (5)
// POOL2: linalg.fill {{.*}} -> tensor<1x8x1x5xf32>
// POOL2: linalg.pooling_nchw_max {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x8x3x11xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x8x1x5xf32>)
// POOL2: linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x8x1x5xf32>, tensor<16x8x1x1xf32>)
// POOL2-NOT: linalg.pooling_nchw_max

// A generic matmul with B transposed, a named matmul with A transposed (indexing_maps) and a
// batch matmul whose weight is broadcast over the batch by its map are roots too.
// GEN: generic_contractions.mlir:18:3: remark: network-fusion: root 'linalg.generic': tile 1x16x0 (chosen, working set 2.2 KiB)
// GEN: generic_contractions.mlir:31:3: remark: network-fusion: root 'linalg.matmul': tile 1x16x0
// GEN: generic_contractions.mlir:35:3: remark: network-fusion: root 'linalg.generic': tile 1x1x16x0
// GEN: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.generic')
// GEN: remark: diffusion: fused 'linalg.exp' (consumer of result #0 of 'linalg.matmul')
// GEN: remark: diffusion: fused 'linalg.negf' (consumer of result #0 of 'linalg.generic')
// GEN: scf.forall (%{{.*}}) in (8)
// GEN: math.tanh
// GEN: scf.forall (%{{.*}}) in (8)
// GEN: linalg.matmul indexing_maps = [{{.*}}] ins(%{{.*}}, %{{.*}} : tensor<32x1xf32>, tensor<32x16xf32>)
// GEN: linalg.exp
// GEN: scf.forall (%{{.*}}, %{{.*}}) in (2, 8)
// GEN: linalg.negf

// AVX2: matmul_add_relu.mlir:11:5: remark: network-fusion: root 'linalg.matmul': tile 1x8x0 (chosen
