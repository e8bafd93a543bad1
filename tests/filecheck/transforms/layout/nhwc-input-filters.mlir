// Filters marked `{xfuse.input}` (the caller passes them on every call as it has them) keep
// their type: xfuse-nhwc transposes them in the function (a linalg.transpose the backend runs)
// and records no xfuse.weight_layout; the remark says why.
// RUN: xfuse-opt %S/Inputs/input_filters.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s

// CHECK: input_filters.mlir:9:3: remark: xfuse-nhwc: filter transpose of function argument #1, a run-time input ({xfuse.input} keeps its type)
// CHECK: remark: xfuse-nhwc: NHWC: 1 linalg.conv_2d_nchw_fchw, 1 linalg.depthwise_conv_2d_nchw_chw, 4 other ops; 0 weight argument(s) permuted
// CHECK:      func.func @input_filters(%x: tensor<1x4x9x9xf32> {xfuse.input}, %w: tensor<4x4x3x3xf32> {xfuse.input}, %dw: tensor<4x1x3x3xf32> {xfuse.input}) -> tensor<1x4x5x5xf32> {
// CHECK:        %[[W:[^ ]+]] = linalg.transpose ins(%w : tensor<4x4x3x3xf32>) outs(%{{[^ ]+}} : tensor<3x3x4x4xf32>) permutation = [2, 3, 1, 0]
// CHECK:        linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{[^ ]+}}, %[[W]] : tensor<1x9x9x4xf32>, tensor<3x3x4x4xf32>)
// CHECK:        %[[DWC:[^ ]+]] = tensor.collapse_shape %dw {{.*}} : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
// CHECK:        %[[DW:[^ ]+]] = linalg.transpose ins(%[[DWC]] : tensor<4x3x3xf32>) outs(%{{[^ ]+}} : tensor<3x3x4xf32>) permutation = [1, 2, 0]
// CHECK:        linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{[^ ]+}}, %[[DW]] : tensor<1x7x7x4xf32>, tensor<3x3x4xf32>)
// CHECK-NOT:  xfuse.weight_layout
