// xfuse-block-filters on a 16-register target (Zen 3): SqueezeNet's classifier, 1000 channels that
// only a second-tier block (40) divides and no 16-float cache line, is padded with zero filters
// to 1008 and blocked one line wide (`padded_blocks`): the argument takes 63 blocks of 16 (the
// caller pads and blocks it at load, `xfuse.weight_transform`), the bias is padded with zeros,
// the forall writes 1008 channels, and the real 1000 are sliced off after it. On 32 registers
// (AVX-512) the filter keeps 25 blocks of 40. On by default (`PADDED_BLOCK_LINES = 1`); the
// option `padded_lines=1` states it here.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/classifier_1000.mlir -p "xfuse-block-filters{padded_lines=1}" | filecheck %s
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/classifier_1000.mlir -p "xfuse-block-filters{padded_lines=1}" | filecheck %s --check-prefix=WIDE

// CHECK:      func.func @layer(%x: tensor<1x13x13x512xf32>, %w: tensor<63x1x1x512x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "xfuse.padded_blocks_16"}
// CHECK:      %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1008xf32>)
// CHECK-NEXT: %[[BIAS:.*]] = tensor.insert_slice %b into %[[FILL]][0] [1000] [1] : tensor<1000xf32> into tensor<1008xf32>
// CHECK:      %[[LOOP:.*]] = scf.forall (%block) in (63) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x13x13x1008xf32>)
// CHECK:        tensor.extract_slice %w[%block, 0, 0, 0, 0] [1, 1, 1, 512, 16]
// CHECK:        tensor.extract_slice %[[BIAS]][%{{.*}}] [16] [1] : tensor<1008xf32> to tensor<16xf32>
// CHECK:        linalg.conv_2d_nhwc_hwcf {{.*}} outs(%{{.*}} : tensor<1x13x13x16xf32>)
// CHECK:        arith.maximumf
// CHECK:      %[[REAL:.*]] = tensor.extract_slice %[[LOOP]][0, 0, 0, 0] [1, 13, 13, 1000] [1, 1, 1, 1] : tensor<1x13x13x1008xf32> to tensor<1x13x13x1000xf32>
// CHECK-NEXT: func.return %[[REAL]]

// WIDE:       %w: tensor<25x1x1x512x40xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 25, 40, 512, 1, 1>}
// WIDE-NOT:   1008
// WIDE:       scf.forall (%block) in (25)
