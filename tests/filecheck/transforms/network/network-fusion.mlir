// xfuse-network-fusion on torch-mlir's lowering of small ONNX models (Inputs/, made by
// Inputs/make_inputs.py): every convolution / matmul / batch matmul is a root with its own
// tile sizes, then diffusion fuses its neighbours. XFUSE_TARGET_CPU fixes the target (16 f32
// lanes, 1 MiB L2); cache-budget=3000 makes these tiny layers take several tiles.
//
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/conv_bn_relu.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' 2>&1 | filecheck %s --check-prefix=CBR
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/conv_bn_relu.mlir -p 'xfuse-network-fusion' | filecheck %s --check-prefix=WHOLE
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/residual_block.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' 2>&1 | filecheck %s --check-prefix=RES
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{cache-budget=3000 remarks=true}' 2>&1 | filecheck %s --check-prefix=MM
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/matmul_add_relu.mlir -p 'xfuse-network-fusion{tile-sizes="linalg.matmul=2,8,0" remarks=true}' 2>&1 | filecheck %s --check-prefix=OPT

// Conv + bias + batch norm + ReLU: one group. The conv's loops are (n, f, oh, ow, c, kh, kw);
// the reductions are never tiled, n and ow cover their whole loop (no loop is built for them).
// CBR: conv_bn_relu.mlir:20:5: remark: network-fusion: root 'linalg.conv_2d_nchw_fchw': tile 1x4x4x8x0x0x0 (chosen, working set 2.0 KiB)
// CBR: conv_bn_relu.mlir:20:5: remark: diffusion: seed #1 'linalg.conv_2d_nchw_fchw': given by the caller
// CBR: conv_bn_relu.mlir:14:5: remark: diffusion: fused 'tensor.pad' (producer of operand #0 of 'linalg.conv_2d_nchw_fchw')
// CBR: conv_bn_relu.mlir:19:5: remark: diffusion: fused 'linalg.broadcast' (producer of operand #2 of 'linalg.conv_2d_nchw_fchw')
// CBR: conv_bn_relu.mlir:32:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.conv_2d_nchw_fchw')
// CBR: conv_bn_relu.mlir:27:5: remark: diffusion: fused 'linalg.generic' (producer of operand #1 of 'linalg.generic')
// CBR: conv_bn_relu.mlir:22:5: remark: diffusion: fused 'linalg.generic' (producer of operand #0 of 'linalg.generic')
// CBR: conv_bn_relu.mlir:52:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.generic')
// CBR-NOT: remark: {{.*}} not fused
// CBR: remark: network-fusion: 1 roots, 1 groups; fused 1x tensor.pad, 1x linalg.broadcast, 7x linalg.generic; {{[0-9.]+}} s
// CBR: func.func @g(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
// CBR-NOT: linalg.
// CBR: %[[R:.*]] = scf.forall (%[[F:.*]], %[[H:.*]]) = (0, 0) to (8, 8) step (4, 4) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<1x8x8x8xf32>) {
// CBR: tensor.pad %{{.*}} low[0, 0, %{{.*}}, 1] high[0, 0, %{{.*}}, 1]
// CBR: linalg.broadcast ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>) dimensions = [0, 2, 3]
// CBR: linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x4x6x10xf32>, tensor<4x4x3x3xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CBR: math.rsqrt
// CBR: arith.cmpf ugt
// CBR: tensor.parallel_insert_slice %{{.*}} into %[[O]][0, %[[F]], %[[H]], 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CBR-NOT: linalg.
// CBR: func.return %[[R]]

// With the default budget (half of 1 MiB) the whole layer is one tile; the loop over n is kept
// so that the root still has its nest.
// WHOLE: scf.forall (%{{.*}}) in (1)
// WHOLE: linalg.conv_2d_nchw_fchw {{.*}} outs(%{{.*}} : tensor<1x8x8x8xf32>)
// WHOLE-COUNT-6: linalg.generic
// WHOLE: scf.forall.in_parallel

// Residual block: two groups; the pad between them is not a consumer the first group can take
// (not destination-style), so it goes to the second group as a producer; the residual add and
// the last ReLU join the second conv.
// RES: residual_block.mlir:16:5: remark: network-fusion: root 'linalg.conv_2d_nchw_fchw': tile 1x4x2x8x0x0x0
// RES: residual_block.mlir:28:5: remark: network-fusion: root 'linalg.conv_2d_nchw_fchw': tile 1x4x2x8x0x0x0
// RES: residual_block.mlir:23:5: remark: diffusion: 'tensor.pad' (consumer of result #0 of 'linalg.generic') not fused {{.*}}: cannot fuse consumer 'tensor.pad' into the loop nest: its destination operands are unknown (not a structured op)
// RES: residual_block.mlir:28:5: remark: diffusion: seed #2
// RES: residual_block.mlir:23:5: remark: diffusion: fused 'tensor.pad' (producer of operand #0 of 'linalg.conv_2d_nchw_fchw')
// RES: residual_block.mlir:34:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.generic')
// RES: %[[G1:.*]] = scf.forall ({{.*}}) = (0, 0) to (8, 8) step (4, 2)
// RES: scf.forall ({{.*}}) = (0, 0) to (8, 8) step (4, 2)
// RES: tensor.extract_slice %[[G1]]
// RES: linalg.conv_2d_nchw_fchw
// RES: arith.addf
// RES: arith.cmpf ugt
// RES: scf.forall.in_parallel
// RES-NOT: linalg.
// RES: func.return

// Matmul + bias + ReLU: N = 16 is one vector of 16 lanes; M is split.
// MM: matmul_add_relu.mlir:11:5: remark: network-fusion: root 'linalg.matmul': tile 4x16x0 (chosen, working set 2.8 KiB)
// MM: matmul_add_relu.mlir:10:5: remark: diffusion: fused 'linalg.fill' (producer of operand #2 of 'linalg.matmul')
// MM: matmul_add_relu.mlir:12:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.matmul')
// MM: matmul_add_relu.mlir:17:5: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.generic')
// MM: scf.forall (%{{.*}}) = (0) to (8) step (4)
// MM: linalg.fill {{.*}} -> tensor<4x16xf32>
// MM: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x32xf32>, tensor<32x16xf32>) outs(%{{.*}} : tensor<4x16xf32>)

// The option gives the sizes of every linalg.matmul.
// OPT: matmul_add_relu.mlir:11:5: remark: network-fusion: root 'linalg.matmul': tile 2x8x0 (option)
// OPT: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 16) step (2, 8)
// OPT: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x32xf32>, tensor<32x8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
