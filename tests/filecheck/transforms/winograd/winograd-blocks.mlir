// xfuse-winograd in blocks of tile rows (blocks.py): the 58 x 58 layer (29 tile rows of 29 tiles)
// runs 14 blocks of 2 tile rows in an scf.for, then a last block of 1 row. Each block takes
// its 6 input rows, their 16 strided views, 16 input transforms and 16 matmuls of a block's
// 58 tiles (V and M a block's, no whole-map 841 x 64; each product over the filter's 16-wide
// panels, laid out at load), and its 4 output transforms into the
// block's 4 output rows of the result (the loop's iteration argument), the bias added there and
// the residual add and ReLU run on each strided view, the residual read through the block's
// rows. The odd 25 x 25 layer: 3 blocks of 4 rows and one of 1 from the padded input, then cut.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/blocks.mlir -p 'xfuse-winograd{bounded=false}' | filecheck %s
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<16x4x64x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels16"}
// CHECK:         %[[STEP:.+]] = arith.constant 4 : index
// CHECK:         %[[COUNT:.+]] = arith.constant 14 : index
// CHECK:         %[[LOOP:.+]] = scf.for %[[BLK:.+]] = %{{.+}} to %[[COUNT]] step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (tensor<1x58x58x64xf32>) {
// CHECK:           %[[ROW:.+]] = arith.muli %[[BLK]], %[[STEP]] : index
// CHECK:           %[[BX:.+]] = tensor.extract_slice %x[0, %[[ROW]], 0, 0] [1, 6, 60, 64] [1, 1, 1, 1] : tensor<1x60x60x64xf32> to tensor<1x6x60x64xf32>
// CHECK:           %[[D00:.+]] = tensor.extract_slice %[[BX]][0, 0, 0, 0] [1, 2, 29, 64] [1, 2, 2, 1] : tensor<1x6x60x64xf32> to tensor<1x2x29x64xf32>
// CHECK:           %[[V0:.+]] = linalg.generic {{.*}} ins(%[[D00]], {{.*}}) outs(%{{.+}} : tensor<1x2x29x64xf32>)
// CHECK:           %[[VA0:.+]] = tensor.collapse_shape %[[V0]] {{.*}} : tensor<1x2x29x64xf32> into tensor<58x64xf32>
// CHECK:           scf.for %[[PJ:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<58x64xf32>) {
// CHECK:             %[[PB:.+]] = tensor.extract_slice %w[0, %[[PJ]], 0, 0] [1, 1, 64, 16] [1, 1, 1, 1] : tensor<16x4x64x16xf32> to tensor<64x16xf32>
// CHECK:             linalg.matmul ins(%[[VA0]], %[[PB]] : tensor<58x64xf32>, tensor<64x16xf32>) outs(%{{.+}} : tensor<58x16xf32>)
// CHECK-COUNT-15:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<58x64xf32>, tensor<64x16xf32>)
// CHECK:           %[[YB:.+]] = tensor.extract_slice %[[ACC]][0, %[[ROW]], 0, 0] [1, 4, 58, 64] [1, 1, 1, 1] : tensor<1x58x58x64xf32> to tensor<1x4x58x64xf32>
// CHECK:           %[[SLOT:.+]] = tensor.extract_slice %[[YB]][0, 0, 0, 0] [1, 2, 29, 64] [1, 2, 2, 1]
// CHECK:           %[[RROWS:.+]] = tensor.extract_slice %r[0, %[[ROW]], 0, 0] [1, 4, 58, 64] [1, 1, 1, 1]
// CHECK:           %[[RES:.+]] = tensor.extract_slice %[[RROWS]][0, 0, 0, 0] [1, 2, 29, 64] [1, 2, 2, 1]
// CHECK:           %[[O00:.+]] = linalg.generic {{.*}} outs(%[[SLOT]] :
// CHECK:           %[[CHAIN:.+]] = linalg.generic {{.*}} ins(%[[O00]], %[[RES]] : {{.*}}) outs(%[[SLOT]] :
// CHECK:             arith.maximumf
// CHECK:           tensor.insert_slice %[[CHAIN]] into %[[YB]][0, 0, 0, 0] [1, 2, 29, 64] [1, 2, 2, 1]
// CHECK:           %[[BLOCK:.+]] = tensor.insert_slice %{{.+}} into %{{.+}}[0, 1, 1, 0] [1, 2, 29, 64] [1, 2, 2, 1] : tensor<1x2x29x64xf32> into tensor<1x4x58x64xf32>
// CHECK:           %[[NEXT:.+]] = tensor.insert_slice %[[BLOCK]] into %[[ACC]][0, %[[ROW]], 0, 0] [1, 4, 58, 64] [1, 1, 1, 1]
// CHECK:           scf.yield %[[NEXT]] : tensor<1x58x58x64xf32>
// The last block, one tile row from output row 56:
// CHECK:         tensor.extract_slice %x[0, 56, 0, 0] [1, 4, 60, 64] [1, 1, 1, 1] : tensor<1x60x60x64xf32> to tensor<1x4x60x64xf32>
// CHECK-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<29x64xf32>, tensor<64x16xf32>)
// CHECK:         %[[FIRST:.+]] = tensor.insert_slice %{{.+}} into %[[LOOP]][0, 56, 0, 0] [1, 2, 58, 64] [1, 1, 1, 1] : tensor<1x2x58x64xf32> into tensor<1x58x58x64xf32>
// CHECK:         %[[GRID:.+]] = tensor.pad %z low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %[[GRID]][0, %{{.+}}, 0, 0] [1, 10, 28, 64] [1, 1, 1, 1]
// CHECK-COUNT-16:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<52x64xf32>, tensor<64x16xf32>)
// CHECK:         tensor.extract_slice %[[GRID]][0, 24, 0, 0] [1, 4, 28, 64] [1, 1, 1, 1]
// CHECK-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<13x64xf32>, tensor<64x16xf32>)
// CHECK:         %[[CUT:.+]] = tensor.extract_slice %{{.+}}[0, 0, 0, 0] [1, 25, 25, 32] [1, 1, 1, 1] : tensor<1x26x26x32xf32> to tensor<1x25x25x32xf32>
// CHECK:         func.return %[[FIRST]], %[[CUT]]
// CHECK-NOT:     tensor<841x64xf32>
// A two-thread build: the 58x58 layer in an scf.forall of 14 blocks of two tile rows (an even
// count) and the last tile row after it, each block's 16 products over U's panels; the 25x25 one
// too, in 3 blocks of four tile rows and the last tile row: its transformed filter (128 KiB) is
// within a core's L2, so the threads share it as the direct form's do
// (cost.THREADS_FILTER_CHARGE; agreement at two threads: tests/test_winograd.py,
// test_blocked_convolutions_agree_with_direct_ones):
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/blocks.mlir -p 'xfuse-winograd{threads=2 bounded=false}' | filecheck %s --check-prefix=THREADS
// THREADS:         scf.forall (%{{.+}}) in (14) {{.*}} -> (tensor<1x58x58x64xf32>)
// THREADS-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<58x64xf32>, tensor<64x16xf32>)
// THREADS:         scf.forall (%{{.+}}) in (3) {{.*}} -> (tensor<1x26x26x32xf32>)
// THREADS-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<52x64xf32>, tensor<64x16xf32>)
// THREADS-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<13x64xf32>, tensor<64x16xf32>)
// THREADS:         tensor.extract_slice %{{.+}}[0, 0, 0, 0] [1, 25, 25, 32] [1, 1, 1, 1] : tensor<1x26x26x32xf32> to tensor<1x25x25x32xf32>
// THREADS-NOT:     linalg.conv_2d_nhwc_hwcf
