// A network that cuts its channels in NCHW (YOLOv8's C2f: `Split` on axis 1): the layout's
// transpose back to NCHW before each slice and the one to NHWC after it fold into a slice of
// the NHWC value along its last dimension (`fold_transposed_slices`).
// RUN: xfuse-opt %S/Inputs/channel_split.mlir -p 'xfuse-nhwc{remarks=true permute-weights=false}' 2>&1 | filecheck %s

// The input, the result and the three filters are the only transposes.
// CHECK: remark: xfuse-nhwc: NHWC: 3 linalg.conv_2d_nchw_fchw, 5 other ops; 0 weight argument(s) permuted; 5 transpose(s) inserted

// CHECK-LABEL: func.func @c2f_split(
// CHECK:         %[[Y:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x6x6x8xf32>
// CHECK-NEXT:    %[[LO:[^ ]+]] = tensor.extract_slice %[[Y]][0, 0, 0, 0] [1, 6, 6, 4] [1, 1, 1, 1] : tensor<1x6x6x8xf32> to tensor<1x6x6x4xf32>
// CHECK-NEXT:    %[[HI:[^ ]+]] = tensor.extract_slice %[[Y]][0, 0, 0, 4] [1, 6, 6, 4] [1, 1, 1, 1] : tensor<1x6x6x8xf32> to tensor<1x6x6x4xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[LO]],
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[HI]],
// CHECK-NEXT:    %[[CAT:[^ ]+]] = tensor.concat dim(3)
// CHECK-NEXT:    tensor.empty
// CHECK-NEXT:    %[[OUT:[^ ]+]] = linalg.transpose ins(%[[CAT]] : tensor<1x6x6x8xf32>) {{.*}} permutation = [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[OUT]]
