// xfuse-block-filters: the large HWCF filter argument (1.2 MB, larger than its 5x5 input) takes
// the blocked layout F/64 x KH x KW x IC x 64 (the weight reshaped to 4 x 64 x 128 x 3 x 3, then
// permuted), and its convolution becomes a forall over the 4 blocks, each one convolution on a
// contiguous panel writing 64 channels of the result. The small filter is left alone.
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/large_filter.mlir -p xfuse-block-filters | filecheck %s
// A filter smaller than its convolution's input is blocked as well:
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/filter_smaller_than_input.mlir -p xfuse-block-filters | filecheck %s --check-prefix=SMALLER
// SMALLER-LABEL: func.func @layer(
// SMALLER-SAME:    %w: tensor<2x3x3x256x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 2, 64, 256, 3, 3>}
// SMALLER:         scf.forall (%{{[^)]+}}) in (2) shared_outs
// SMALLER:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x42x42x256xf32>, tensor<3x3x256x64xf32>)
// Blocks of 32 channels where 64 does not divide the filter's (Inception-v2's 224 and 160), of 40
// where neither does (1000 = 25 x 40); a 360 KiB filter is large enough:
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/filter_in_32_blocks.mlir -p xfuse-block-filters | filecheck %s --check-prefix=BY32
// BY32-LABEL: func.func @layer(
// BY32-SAME:    %w: tensor<7x3x3x224x32xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 7, 32, 224, 3, 3>}
// BY32-SAME:    %v: tensor<5x1x1x576x32xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 5, 32, 576, 1, 1>}
// BY32-SAME:    %u: tensor<25x3x3x64x40xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 25, 40, 64, 3, 3>}
// BY32:         %c = scf.forall (%{{[^)]+}}) in (7) shared_outs
// BY32:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x9x9x224xf32>, tensor<3x3x224x32xf32>) outs(%{{[^ ]+}} : tensor<1x7x7x32xf32>)
// BY32:           tensor.parallel_insert_slice %{{[^ ]+}} into %{{[^ ]+}}[0, 0, 0, %{{[^ ]+}}] [1, 7, 7, 32]
// BY32:         %d = scf.forall (%{{[^)]+}}) in (5) shared_outs
// BY32:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%y, %{{[^ ]+}} : tensor<1x14x14x576xf32>, tensor<1x1x576x32xf32>)
// BY32:           tensor.parallel_insert_slice
// BY32:         %g = scf.forall (%{{[^)]+}}) in (25) shared_outs
// BY32:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%z, %{{[^ ]+}} : tensor<1x5x5x64xf32>, tensor<3x3x64x40xf32>) outs(%{{[^ ]+}} : tensor<1x3x3x40xf32>)
// BY32:           tensor.parallel_insert_slice %{{[^ ]+}} into %{{[^ ]+}}[0, 0, 0, %{{[^ ]+}}] [1, 3, 3, 40]
// No block of 64, 32, 48 or 40 divides 1004 channels: that filter stays in HWCF, its convolution as it was.
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/filter_no_block.mlir -p xfuse-block-filters | filecheck %s --check-prefix=NOBLOCK
// NOBLOCK-LABEL: func.func @layer(
// NOBLOCK-SAME:    %u: tensor<3x3x64x1004xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
// NOBLOCK-NOT:   scf.forall
// NOBLOCK:       %g = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%z, %u : tensor<1x5x5x64xf32>, tensor<3x3x64x1004xf32>)
// On 16-register targets (AVX2) a block of the first tier (64, 32) is one register tile wide, the
// tile the convolution schedule takes for that block (tile_block_size): Zen 3's 7x8 for the 7-wide
// rows (28 blocks of 8), 4x16 over the 196 flattened pixels of the 14x14 1x1 layer (10 blocks of
// 16); the 40-wide blocks of the second tier stay 40 wide:
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/filter_in_32_blocks.mlir -p xfuse-block-filters | filecheck %s --check-prefix=ZEN3
// ZEN3-LABEL: func.func @layer(
// ZEN3-SAME:    %w: tensor<28x3x3x224x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 28, 8, 224, 3, 3>}
// ZEN3-SAME:    %v: tensor<10x1x1x576x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 10, 16, 576, 1, 1>}
// ZEN3-SAME:    %u: tensor<25x3x3x64x40xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 25, 40, 64, 3, 3>}
// ZEN3:         %c = scf.forall (%{{[^)]+}}) in (28) shared_outs
// ZEN3:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x9x9x224xf32>, tensor<3x3x224x8xf32>) outs(%{{[^ ]+}} : tensor<1x7x7x8xf32>)
// ZEN3:         %d = scf.forall (%{{[^)]+}}) in (10) shared_outs
// ZEN3:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%y, %{{[^ ]+}} : tensor<1x14x14x576xf32>, tensor<1x1x576x16xf32>)
// ZEN3:         %g = scf.forall (%{{[^)]+}}) in (25) shared_outs
// The pass has one option, the build's thread count (the block is 64 channels, or 32, or 48 or 40, or one register tile: the target decides); another given is refused with the pipeline quoted:
// RUN: not env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/large_filter.mlir -p 'xfuse-block-filters{block=32}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION: xfuse-opt: error: invalid pass pipeline 'xfuse-block-filters{block=32}': xfuse-block-filters option block: Provided arguments ["block"] not found in expected arguments ["threads", "padded_lines", "channel_slices"]
// OPTION-NOT: Traceback

// A bias broadcast and the elementwise chain after the convolution (a residual add of a tensor
// computed before it, a ReLU, a negation) move into the block loop, on the block's slices; the
// first convolution, whose result is also returned, keeps only its bias in the loop:
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/large_filter_epilogue.mlir -p xfuse-block-filters | filecheck %s --check-prefix=EPILOGUE
// EPILOGUE-LABEL: func.func @block(
// EPILOGUE:         %[[E1:[^ ]+]] = tensor.empty() : tensor<1x5x5x256xf32>
// EPILOGUE:         %c1 = scf.forall (%[[B1:[^)]+]]) in (4) shared_outs(%[[ACC1:[^ ]+]] = %[[E1]])
// EPILOGUE:           %[[F1:[^ ]+]] = arith.muli %[[B1]]
// EPILOGUE:           %[[I1:[^ ]+]] = tensor.extract_slice %[[ACC1]][0, 0, 0, %[[F1]]] [1, 5, 5, 64]
// EPILOGUE:           %[[S1:[^ ]+]] = tensor.extract_slice %b1[%[[F1]]] [64] [1] : tensor<256xf32> to tensor<64xf32>
// EPILOGUE:           %[[BC1:[^ ]+]] = linalg.broadcast ins(%[[S1]]{{ *}}:{{ *}}tensor<64xf32>) outs(%[[I1]]{{ *}}:{{ *}}tensor<1x5x5x64xf32>) dimensions = [0, 1, 2]
// EPILOGUE:           %[[C1:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[BC1]] : tensor<1x5x5x64xf32>)
// EPILOGUE-NOT:       linalg.generic
// EPILOGUE:           tensor.parallel_insert_slice %[[C1]] into %[[ACC1]]
// EPILOGUE:         %neg = scf.forall (%[[B2:[^)]+]]) in (4) shared_outs(%[[ACC2:[^ ]+]] = %{{[^ ]+}})
// EPILOGUE:           %[[F2:[^ ]+]] = arith.muli %[[B2]]
// EPILOGUE:           %[[I2:[^ ]+]] = tensor.extract_slice %[[ACC2]][0, 0, 0, %[[F2]]] [1, 5, 5, 64]
// EPILOGUE:           %[[R:[^ ]+]] = tensor.extract_slice %c1[0, 0, 0, %[[F2]]] [1, 5, 5, 64]
// EPILOGUE:           %[[C2:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// EPILOGUE:           %[[SUM:[^ ]+]] = linalg.generic {{.*}} ins(%[[C2]], %[[R]] : {{.*}}) outs(%[[I2]] : tensor<1x5x5x64xf32>)
// EPILOGUE:             arith.addf
// EPILOGUE:           %[[RELU:[^ ]+]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<1x5x5x64xf32>) outs(%[[I2]] : tensor<1x5x5x64xf32>)
// EPILOGUE:             arith.select
// EPILOGUE:           %[[NEG:[^ ]+]] = linalg.generic {{.*}} ins(%[[RELU]] : tensor<1x5x5x64xf32>) outs(%[[I2]] : tensor<1x5x5x64xf32>)
// EPILOGUE:             arith.negf
// EPILOGUE:           tensor.parallel_insert_slice %[[NEG]] into %[[ACC2]][0, 0, 0, %[[F2]]]
// EPILOGUE-NOT:     linalg.generic
// EPILOGUE-NOT:     linalg.broadcast
// EPILOGUE:         return %c1, %neg

// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<4x3x3x128x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 4, 64, 128, 3, 3>}
// CHECK-SAME:    %v: tensor<3x3x8x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}
// CHECK:         %[[F:[^ ]+]] = linalg.fill
// CHECK:         %c = scf.forall (%[[B:[^)]+]]) in (4) shared_outs(%[[ACC:[^ ]+]] = %[[F]]) -> (tensor<1x3x3x256xf32>) {
// CHECK:           %[[FIRST:[^ ]+]] = arith.muli %[[B]], %{{.*}} : index
// CHECK:           %[[PANEL:[^ ]+]] = tensor.extract_slice %w[%[[B]], 0, 0, 0, 0] [1, 3, 3, 128, 64] [1, 1, 1, 1, 1] : tensor<4x3x3x128x64xf32> to tensor<3x3x128x64xf32>
// CHECK:           %[[INIT:[^ ]+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[FIRST]]] [1, 3, 3, 64] [1, 1, 1, 1]
// CHECK:           %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %[[PANEL]] : tensor<1x5x5x128xf32>, tensor<3x3x128x64xf32>) outs(%[[INIT]] : tensor<1x3x3x64xf32>)
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, 0, 0, %[[FIRST]]] [1, 3, 3, 64] [1, 1, 1, 1]
// CHECK:         %d = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%y, %v : tensor<1x5x5x8xf32>, tensor<3x3x8x128xf32>)
// CHECK-NOT:     scf.forall

// A blocked filter whose input does not fit L2 (DenseNet-121's 1x1 bottleneck, 56x56x224 -> 128
// in 8 blocks of 16 on Zen 3) is computed in chunks of rows outside the blocks (chunk_rows): each
// iteration reads its chunk's rows of the input and writes its rows of its block's channels. How
// many rows a chunk has depends on the host's L2 (4 of 56 with 512 KiB):
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/bottleneck_over_l2.mlir -p xfuse-block-filters | filecheck %s --check-prefix=CHUNKS
// CHUNKS-LABEL: func.func @layer(
// CHUNKS-SAME:    %w: tensor<8x1x1x224x16xf32>
// CHUNKS:         %c = scf.forall (%chunk, %block) in ({{[0-9]+}}, 8) shared_outs(%[[ACC:[^ ]+]] = %{{[^ ]+}})
// CHUNKS:           %[[FIRST:[^ ]+]] = arith.muli %block, %{{[^ ]+}} : index
// CHUNKS:           %[[ROW:[^ ]+]] = arith.muli %chunk, %{{[^ ]+}} : index
// CHUNKS:           %[[IN:[^ ]+]] = tensor.extract_slice %x[0, %{{[^ ]+}}, 0, 0] [1, [[ROWS:[0-9]+]], 56, 224]
// CHUNKS:           %[[PANEL:[^ ]+]] = tensor.extract_slice %w[%block, 0, 0, 0, 0] [1, 1, 1, 224, 16]
// CHUNKS:           %[[INIT:[^ ]+]] = tensor.extract_slice %[[ACC]][0, %[[ROW]], 0, %[[FIRST]]] [1, [[ROWS]], 56, 16]
// CHUNKS:           linalg.broadcast
// CHUNKS:           %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]], %[[PANEL]] : tensor<1x[[ROWS]]x56x224xf32>, tensor<1x1x224x16xf32>)
// CHUNKS:           tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, %[[ROW]], 0, %[[FIRST]]] [1, [[ROWS]], 56, 16]
// An input a generic computes (@produced: the batch norm and ReLU before it) keeps whole rows at one
// thread, where the schedule plans that producer with the convolution, and takes the chunks at
// two (`{threads=2}`, which xfuse.onnx gives a two-thread build), where the parallel split computes it:
// CHUNKS-LABEL: func.func @produced(
// CHUNKS:         scf.forall (%block) in (8)
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/bottleneck_over_l2.mlir -p 'xfuse-block-filters{threads=2}' | filecheck %s --check-prefix=CHUNKS2
// CHUNKS2-LABEL: func.func @layer(
// CHUNKS2:         scf.forall (%chunk, %block) in ({{[0-9]+}}, 8)
// CHUNKS2-LABEL: func.func @produced(
// CHUNKS2:         scf.forall (%chunk, %block) in ({{[0-9]+}}, 8)
// CHUNKS2:           tensor.extract_slice %bn[0, %{{[^ ]+}}, 0, 0] [1, {{[0-9]+}}, 56, 224]

// Filters under the size bound: on 16-register targets one whose HWCF rows thrash L1 is blocked
// one register tile wide (`_thrashes_l1`; its 861 KiB input is over L2, so in row chunks too), one
// whose rows fit stays in HWCF; 32-register targets keep both in HWCF:
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/small_filters_l1.mlir -p xfuse-block-filters | filecheck %s --check-prefix=L1
// L1-LABEL: func.func @thrashes(
// L1-SAME:    %w: tensor<4x3x3x64x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 4, 16, 64, 3, 3>}
// L1:         scf.forall (%chunk, %block) in ({{[0-9]+}}, 4)
// L1:           linalg.conv_2d_nhwc_hwcf {{.*}} tensor<3x3x64x16xf32>)
// L1-LABEL: func.func @fits(
// L1-SAME:    %w: tensor<3x3x16x32xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}
// L1-NOT:     scf.forall
// L1:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %w : tensor<1x58x58x16xf32>, tensor<3x3x16x32xf32>)
// RUN: env XFUSE_TARGET_CPU=x86-64-v4 xfuse-opt %S/Inputs/small_filters_l1.mlir -p xfuse-block-filters | filecheck %s --check-prefix=L1WIDE
// L1WIDE-LABEL: func.func @thrashes(
// L1WIDE-SAME:    %w: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}
// L1WIDE-NOT:     scf.forall
// L1WIDE-LABEL: func.func @fits(
// L1WIDE-NOT:     scf.forall
// The same convolution on a map it pads itself: blocked without row chunks, at one thread and two.
// Its pad is the largest of its function, which the backend's conv_borders removes when the
// convolution reads the pad, not a chunk's slice of it (`border_pads`: chunked, VGG-19's
// 226 x 226 x 64 pad stayed and its border grew the arena over onnxruntime's peak):
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/small_filters_l1.mlir -p 'xfuse-block-filters{threads=2}' | filecheck %s --check-prefix=PADDED
// PADDED-LABEL: func.func @padded(
// PADDED-SAME:    %w: tensor<4x3x3x64x16xf32>
// PADDED:         scf.forall (%block) in (4)
// PADDED:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x58x58x64xf32>, tensor<3x3x64x16xf32>)
// Of two padded inputs over L2, the largest pad keeps whole rows (conv_borders removes it) and the
// smaller one's convolution takes row chunks, each a slice of the pad's rows (the halo included),
// at one thread and two:
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/padded_chunks.mlir -p xfuse-block-filters | filecheck %s --check-prefix=PADS
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/padded_chunks.mlir -p 'xfuse-block-filters{threads=2}' | filecheck %s --check-prefix=PADS
// PADS-LABEL: func.func @peak(
// PADS:         scf.forall (%block) in (4)
// PADS:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%p, %{{[^ ]+}} : tensor<1x58x58x64xf32>, tensor<3x3x64x16xf32>)
// PADS-LABEL: func.func @two_pads(
// PADS:         %c = scf.forall (%block) in (4)
// PADS:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%p, %{{[^ ]+}} : tensor<1x58x58x64xf32>, tensor<3x3x64x16xf32>)
// PADS:         %q = tensor.pad %y low[0, 1, 1, 0] high[0, 1, 1, 0]
// PADS:         %d = scf.forall (%chunk, %{{[^)]+}}) in (2, 8)
// PADS:           %[[IN:[^ ]+]] = tensor.extract_slice %q[0, %{{[^ ]+}}, 0, 0] [1, 16, 30, 128]
// PADS:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]], %{{[^ ]+}} : tensor<1x16x30x128xf32>, tensor<3x3x128x16xf32>) outs(%{{[^ ]+}} : tensor<1x14x28x16xf32>)
// A thread count below one is refused when the pipeline is parsed, the option quoted:
// RUN: not env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/small_filters_l1.mlir -p 'xfuse-block-filters{threads=0}' 2>&1 | filecheck %s --check-prefix=THREADS0
// THREADS0: xfuse-opt: error: invalid pass pipeline 'xfuse-block-filters{threads=0}': xfuse-block-filters option threads: threads must be at least 1, got 0
// THREADS0-NOT: Traceback
// On Zen 3 the 7x7 1x1 layer's blocks are as wide as flat_pixels' split of its 49 pixels (45 in
// 5x16 + 4 in 4x16: `FULL_REMAINDER`), and the stride-2 1x1 layer's as column_split's split of its
// 7 columns (4x16 + 3x16: `STRIDED_POINTWISE`): 16 channels, not 7x8's 8.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/seven_wide_pointwise.mlir -p xfuse-block-filters | filecheck %s --check-prefix=SEVEN
// SEVEN-LABEL: func.func @layer(
// SEVEN-SAME:    %w: tensor<32x1x1x2048x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 32, 16, 2048, 1, 1>}
// SEVEN-SAME:    %v: tensor<128x1x1x1024x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: 128, 16, 1024, 1, 1>}
// SEVEN:         %c = scf.forall (%{{[^)]+}}) in (32) shared_outs
// SEVEN:           linalg.conv_2d_nhwc_hwcf {{.*}} ins(%x, %{{[^ ]+}} : tensor<1x7x7x2048xf32>, tensor<1x1x2048x16xf32>) outs(%{{[^ ]+}} : tensor<1x7x7x16xf32>)
// SEVEN:         %d = scf.forall (%{{[^)]+}}) in (128) shared_outs
// SEVEN:           linalg.conv_2d_nhwc_hwcf {{.*}} strides = dense<2> {{.*}} tensor<1x1x1024x16xf32>) outs(%{{[^ ]+}} : tensor<1x7x7x16xf32>)
