// What xfuse-nhwc leaves in its layout, with a transpose and a remark saying why; a module
// without NCHW convolutions or pooling is not changed.
// RUN: xfuse-opt %S/Inputs/keeps-layout.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s
// RUN: xfuse-opt %S/../network/Inputs/grouped_conv.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s --check-prefix=GROUPED
// RUN: xfuse-opt %S/../network/Inputs/matmul_add_relu.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=NONE

// CHECK: keeps-layout.mlir:16:3: remark: xfuse-nhwc: NCHW -> NHWC transpose of function argument #0 (the signature keeps its layout)
// CHECK: keeps-layout.mlir:16:3: remark: xfuse-nhwc: filter transpose of the result of 'linalg.generic'
// CHECK: keeps-layout.mlir:18:3: remark: xfuse-nhwc: NHWC -> NCHW transpose for 'linalg.generic' (its body reads loop indices (linalg.index))
// CHECK: keeps-layout.mlir:35:3: remark: xfuse-nhwc: filter transpose of a function argument that cannot change type
// CHECK: remark: xfuse-nhwc: NHWC: 2 linalg.conv_2d_nchw_fchw, 3 other ops; 0 weight argument(s) permuted; 6 transpose(s) inserted

// The computed filter is transposed to HWCF after it is computed; the index-reading generic
// reads the convolution's result transposed back.
// CHECK-LABEL: func.func @computed_filter(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
// CHECK:         %[[IN:[^ ]+]] = linalg.transpose ins(%x : tensor<1x2x5x5xf32>) outs(%{{.*}} : tensor<1x5x5x2xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %w2 = linalg.generic
// CHECK:         %[[W:[^ ]+]] = linalg.transpose ins(%w2 : tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<3x3x2x3xf32>) permutation = [2, 3, 1, 0]
// CHECK:         %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]], %[[W]] : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32>)
// CHECK:         %[[BACK:[^ ]+]] = linalg.transpose ins(%[[C]] : tensor<1x3x3x3xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>) permutation = [0, 3, 1, 2]
// CHECK:         %i = linalg.generic {{.*}} ins(%[[BACK]] : tensor<1x3x3x3xf32>) outs(%e : tensor<1x3x3x3xf32>)
// CHECK:           linalg.index 1 : index

// A called function keeps its signature: the filter argument is transposed inside.
// CHECK-LABEL: func.func @callee(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
// CHECK:         linalg.transpose ins(%w : tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<3x3x2x3xf32>) permutation = [2, 3, 1, 0]
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:    func.call @callee(%x, %w) : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>

// GROUPED: grouped_conv.mlir:10:5: remark: xfuse-nhwc: keeps NCHW: a grouped convolution has no NHWC form the backend schedules
// GROUPED: remark: xfuse-nhwc: NHWC: nothing, 0 other ops; 0 weight argument(s) permuted; 0 transpose(s) inserted
// GROUPED: linalg.conv_2d_ngchw_gfchw
// GROUPED-NOT: linalg.transpose

// NONE-NOT: linalg.transpose
// NONE:     linalg.matmul
// NONE-NOT: linalg.transpose
