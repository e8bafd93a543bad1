// xfuse-block-filters with its input channels in slices (`INPUT_CHANNEL_SLICES`, the pass option
// channel_slices): ResNet-50's stride-2 3x3 256 -> 256 (n81) on a 1 MiB L2 (x86-64-v4: 4 blocks of
// 64), whose 841 KiB input and 576 KiB panel do not fit L2 together, walks its 256 input channels
// in two slices of 128 outside the blocks: two foralls over the 4 blocks, each convolving its
// slice of the input with the blocks' panel slice; the first starts from the block's bias, the
// second accumulates into the first's result and runs the ReLU.
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/strided_over_l2.mlir -p 'xfuse-block-filters{channel_slices=1}' | filecheck %s
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<4x3x3x256x64xf32>
// CHECK:         %[[E:[^ ]+]] = tensor.empty() : tensor<1x14x14x256xf32>
// CHECK:         %[[FIRST:[^ ]+]] = scf.forall (%block) in (4) shared_outs(%[[S1:[^ ]+]] = %[[E]])
// CHECK:           %[[X1:[^ ]+]] = tensor.extract_slice %x[0, 0, 0, 0] [1, 29, 29, 128]
// CHECK:           %[[W1:[^ ]+]] = tensor.extract_slice %w[%block, 0, 0, 0, 0] [1, 3, 3, 128, 64]
// CHECK:           %[[B1:[^ ]+]] = linalg.broadcast
// CHECK:           %[[C1:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X1]], %[[W1]] : tensor<1x29x29x128xf32>, tensor<3x3x128x64xf32>) outs(%[[B1]] : tensor<1x14x14x64xf32>)
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[C1]] into %[[S1]]
// CHECK:         %relu = scf.forall (%{{[^)]+}}) in (4) shared_outs(%[[S2:[^ ]+]] = %[[FIRST]])
// CHECK:           %[[X2:[^ ]+]] = tensor.extract_slice %x[0, 0, 0, 128] [1, 29, 29, 128]
// CHECK:           %[[W2:[^ ]+]] = tensor.extract_slice %w[%{{[^ ]+}}, 0, 0, 128, 0] [1, 3, 3, 128, 64]
// CHECK:           %[[A2:[^ ]+]] = tensor.extract_slice %[[S2]][0, 0, 0, %{{[^ ]+}}] [1, 14, 14, 64]
// CHECK-NOT:       linalg.broadcast
// CHECK:           %[[C2:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X2]], %[[W2]] : {{.*}}) outs(%[[A2]] : tensor<1x14x14x64xf32>)
// CHECK:           %[[R2:[^ ]+]] = linalg.generic {{.*}} ins(%[[C2]] : tensor<1x14x14x64xf32>)
// CHECK:           tensor.parallel_insert_slice %[[R2]] into %[[S2]]
// CHECK:         func.return %relu
// The largest pad of its function (which conv_borders may remove) keeps its channels whole, as it
// keeps its rows: one forall reading the whole pad.
// CHECK-LABEL: func.func @pad_peak(
// CHECK:         %c = scf.forall (%block) in (4)
// CHECK:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%p, %{{[^ ]+}} : tensor<1x30x30x256xf32>, tensor<3x3x256x64xf32>)
// CHECK-NOT:     scf.forall (
// Off (the default switch, or the option 0): one forall over the blocks, the whole input.
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/strided_over_l2.mlir -p 'xfuse-block-filters{channel_slices=0}' | filecheck %s --check-prefix=OFF
// OFF-LABEL: func.func @layer(
// OFF:         %relu = scf.forall (%block) in (4)
// OFF:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x29x29x256xf32>, tensor<3x3x256x64xf32>)
// OFF-NOT:     scf.forall (
// OFF-LABEL: func.func @pad_peak(
// A value of the option other than 1, 0 or negative is refused when the pipeline is parsed:
// RUN: not env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/strided_over_l2.mlir -p 'xfuse-block-filters{channel_slices=2}' 2>&1 | filecheck %s --check-prefix=BAD
// BAD: xfuse-opt: error: invalid pass pipeline 'xfuse-block-filters{channel_slices=2}': xfuse-block-filters option channel_slices: channel_slices must be 1 (on), 0 (off) or negative (the module's switch), got 2
// BAD-NOT: Traceback
