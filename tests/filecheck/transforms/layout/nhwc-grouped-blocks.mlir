// xfuse-nhwc on a grouped convolution whose filter xfuse-block-filters would block were it
// ungrouped (grouped_convs.py `_block_width`): the filter argument takes the blocked layout
// (F/B) x KH x KW x C/G x B (B the host's block width, 16 on AVX2), and the loop is over
// (group, block): block b of group g reads panel g (64 / B) + b, the group's input channels,
// and broadcasts and writes channels 64 g + b B to + B. The block width depends on the host's
// register file, so it is matched, not spelled.
// RUN: xfuse-opt %S/Inputs/grouped_blocks_argument.mlir -p 'xfuse-nhwc' | filecheck %s

// CHECK:       func.func @grouped_blocks(%x: tensor<1x192x14x14xf32>, %w: tensor<[[P:[0-9]+]]x3x3x96x[[B:[0-9]+]]xf32> {xfuse.weight_layout = array<i64: 0, 3, 4, 2, 1>, xfuse.weight_shape = array<i64: [[P]], [[B]], 96, 3, 3>}
// CHECK:         %[[IN:[^ ]+]] = tensor.expand_shape {{.*}} into tensor<1x14x14x2x96xf32>
// CHECK:         %[[R:[^ ]+]] = scf.forall (%[[G:[^,]+]], %[[K:[^)]+]]) in (2, [[N:[0-9]+]]) shared_outs(%[[ACC:[^ ]+]] = %{{.*}}) -> (tensor<1x12x12x2x64xf32>) {
// CHECK-DAG:       %[[W64:[^ ]+]] = arith.constant 64 : index
// CHECK-DAG:       %[[WB:[^ ]+]] = arith.constant [[B]] : index
// CHECK-DAG:       %[[WN:[^ ]+]] = arith.constant [[N]] : index
// CHECK:           %[[GC:[^ ]+]] = arith.muli %[[G]], %[[W64]] : index
// CHECK:           %[[KC:[^ ]+]] = arith.muli %[[K]], %[[WB]] : index
// CHECK:           %[[COL:[^ ]+]] = arith.addi %[[GC]], %[[KC]] : index
// CHECK:           %[[GP:[^ ]+]] = arith.muli %[[G]], %[[WN]] : index
// CHECK:           %[[PANEL:[^ ]+]] = arith.addi %[[GP]], %[[K]] : index
// CHECK:           %[[X:[^ ]+]] = tensor.extract_slice %[[IN]][0, 0, 0, %[[G]], 0] [1, 14, 14, 1, 96] {{.*}} to tensor<1x14x14x96xf32>
// CHECK:           %[[W:[^ ]+]] = tensor.extract_slice %w[%[[PANEL]], 0, 0, 0, 0] [1, 3, 3, 96, [[B]]] {{.*}} to tensor<3x3x96x[[B]]xf32>
// CHECK:           %[[O:[^ ]+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[G]], %[[KC]]] [1, 12, 12, 1, [[B]]]
// CHECK:           %[[BB:[^ ]+]] = tensor.extract_slice %b[%[[COL]]] [[[B]]] [1]
// CHECK:           %[[INIT:[^ ]+]] = linalg.broadcast ins(%[[BB]]{{.*}}outs(%[[O]]
// CHECK:           %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X]], %[[W]] : {{.*}}) outs(%[[INIT]] : tensor<1x12x12x[[B]]xf32>)
// CHECK:           tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, 0, 0, %[[G]], %[[KC]]] [1, 12, 12, 1, [[B]]]
// CHECK:         tensor.collapse_shape %[[R]]
// CHECK-NOT:     linalg.conv_2d_nhwgc_gfhwc
