// Filters that are function arguments change type (FCHW -> HWCF, CHW -> HWC) and record the
// permutation the caller applies to the array once (`xfuse.weight_layout`; xfuse.onnx's Model
// does). A filter argument another (NCHW) op also reads is transposed back for that op.
// `permute-weights=false` keeps the signature and transposes the filters in the function.
// RUN: xfuse-opt %S/Inputs/weight_arguments.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s
// RUN: xfuse-opt %S/Inputs/weight_arguments.mlir -p 'xfuse-nhwc{permute-weights=false}' | filecheck %s --check-prefix=KEEP
// RUN: xfuse-opt %S/Inputs/depthwise_filter_argument.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=UNIT

// CHECK: weight_arguments.mlir:22:3: remark: xfuse-nhwc: weight argument #1 transposed back for 'linalg.generic', which keeps NCHW
// CHECK: remark: xfuse-nhwc: NHWC: 1 linalg.conv_2d_nchw_fchw, 1 linalg.depthwise_conv_2d_nchw_chw, 5 other ops; 2 weight argument(s) permuted; 3 transpose(s) inserted
// CHECK:      func.func @weights(%x: tensor<1x4x9x9xf32>, %w: tensor<3x3x4x6xf32> {xfuse.weight_layout = array<i64: 2, 3, 1, 0>}, %dw: tensor<3x3x6xf32> {xfuse.weight_layout = array<i64: 1, 2, 0>}, %b: tensor<6xf32>) -> (tensor<1x6x3x3xf32>, tensor<6x4x3x3xf32>) {
// CHECK-NEXT:   %[[E:[^ ]+]] = tensor.empty() : tensor<6x4x3x3xf32>
// CHECK-NEXT:   %[[WBACK:[^ ]+]] = linalg.transpose ins(%w : tensor<3x3x4x6xf32>) outs(%[[E]] : tensor<6x4x3x3xf32>) permutation = [3, 2, 0, 1]
// CHECK:        linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{[^ ]+}}, %w : tensor<1x9x9x4xf32>, tensor<3x3x4x6xf32>)
// CHECK:        linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%{{[^ ]+}}, %dw : tensor<1x7x7x6xf32>, tensor<3x3x6xf32>)
// CHECK:        %w2 = linalg.generic {{.*}} ins(%[[WBACK]] : tensor<6x4x3x3xf32>)

// KEEP:      func.func @weights(%x: tensor<1x4x9x9xf32>, %w: tensor<6x4x3x3xf32>, %dw: tensor<6x3x3xf32>, %b: tensor<6xf32>)
// KEEP-DAG:    linalg.transpose ins(%w : tensor<6x4x3x3xf32>) outs(%{{.*}} : tensor<3x3x4x6xf32>) permutation = [2, 3, 1, 0]
// KEEP-DAG:    linalg.transpose ins(%dw : tensor<6x3x3xf32>) outs(%{{.*}} : tensor<3x3x6xf32>) permutation = [1, 2, 0]
// KEEP-NOT:  xfuse.weight_layout

// A C x 1 x KH x KW depthwise filter argument collapsed to CHW: the argument becomes
// KH x KW x C x 1 and is collapsed to HWC; nothing is transposed but the activation.
// UNIT:      func.func @depthwise(%x: tensor<1x4x6x6xf32>, %w: tensor<3x3x4x1xf32> {xfuse.weight_layout = array<i64: 2, 3, 0, 1>}) -> tensor<1x4x4x4xf32> {
// UNIT-NEXT:   %[[HWC:[^ ]+]] = tensor.collapse_shape %w {{.*}} : tensor<3x3x4x1xf32> into tensor<3x3x4xf32>
// UNIT:        linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{[^ ]+}}, %[[HWC]] : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>)
// UNIT-NOT:    tensor<4x1x3x3xf32>
