// A network that moves its channels last itself (ConvNeXt's Transpose to NHWC rows around its
// LayerNorm and Linear layers): its own channels-first/last transposes are not converted but
// cancel with the layout's transposes, so the rows between them are the NHWC values as they are;
// a transpose of H and W is converted as before.
// RUN: xfuse-opt %S/Inputs/channels_last_segment.mlir -p 'xfuse-nhwc{remarks=true permute-weights=false}' 2>&1 | filecheck %s

// Only the function edges and the filters are transposed: 3 per function.
// CHECK-NOT: transpose for 'linalg.transpose'
// CHECK: remark: xfuse-nhwc: NHWC: 6 linalg.conv_2d_nchw_fchw, 10 other ops; 0 weight argument(s) permuted; 9 transpose(s) inserted

// CHECK-LABEL: func.func @segment(
// CHECK:         %[[IN:[^ ]+]] = linalg.transpose ins(%x : tensor<1x4x6x6xf32>) {{.*}} permutation = [0, 2, 3, 1]
// CHECK:         %[[ROWS:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]],
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[SCALED:[^ ]+]] = linalg.generic {{.*}} ins(%[[ROWS]], %scale : tensor<1x6x6x4xf32>, tensor<4xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[OUT:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[SCALED]],
// CHECK:         %[[BACK:[^ ]+]] = linalg.transpose ins(%[[OUT]] : tensor<1x6x6x4xf32>) {{.*}} permutation = [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[BACK]]

// The rows are also a result: returned as the NHWC value, no copy.
// CHECK-LABEL: func.func @rows_read_twice(
// CHECK:         %[[ROWS2:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[OUT2:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[ROWS2]],
// CHECK:         %[[BACK2:[^ ]+]] = linalg.transpose ins(%[[OUT2]]
// CHECK-NEXT:    func.return %[[ROWS2]], %[[BACK2]]

// CHECK-LABEL: func.func @swaps_h_and_w(
// CHECK:         linalg.conv_2d_nhwc_hwcf
// CHECK-NEXT:    linalg.transpose ins(%{{.*}} : tensor<1x6x6x4xf32>) {{.*}} permutation = [0, 2, 1, 3]
