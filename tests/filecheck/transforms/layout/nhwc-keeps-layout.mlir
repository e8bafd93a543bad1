// What xfuse-nhwc leaves in its layout, with a transpose and a remark saying why (a grouped
// convolution with an FGCHW filter is left alone); a module without NCHW convolutions or
// pooling is not changed.
// RUN: xfuse-opt %S/Inputs/keeps-layout.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s
// RUN: xfuse-opt %S/../network/Inputs/matmul_add_relu.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=NONE

// CHECK: keeps-layout.mlir:47:3: remark: xfuse-nhwc: keeps NCHW: MLIR has no channels-last form of a grouped convolution with an FGCHW filter
// CHECK: keeps-layout.mlir:16:3: remark: xfuse-nhwc: NCHW -> NHWC transpose of function argument #0 (the signature keeps its layout)
// CHECK: keeps-layout.mlir:16:3: remark: xfuse-nhwc: filter transpose of the result of 'linalg.generic'
// CHECK: keeps-layout.mlir:35:3: remark: xfuse-nhwc: filter transpose of a function argument that cannot change type
// CHECK: keeps-layout.mlir:59:3: remark: xfuse-nhwc: NHWC -> NCHW transpose for 'tensor.collapse_shape' (a reshape fixes the order of the dimensions it merges)
// CHECK: remark: xfuse-nhwc: NHWC: 3 linalg.conv_2d_nchw_fchw, 7 other ops; 1 weight argument(s) permuted; 8 transpose(s) inserted

// The computed filter is transposed to HWCF after it is computed; the generic reading the
// channel index reads loop 3 now (C is the last loop in NHWC).
// CHECK-LABEL: func.func @computed_filter(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
// CHECK:         %[[IN:[^ ]+]] = linalg.transpose ins(%x : tensor<1x2x5x5xf32>) outs(%{{.*}} : tensor<1x5x5x2xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %w2 = linalg.generic
// CHECK:         %[[W:[^ ]+]] = linalg.transpose ins(%w2 : tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<3x3x2x3xf32>) permutation = [2, 3, 1, 0]
// CHECK:         %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]], %[[W]] : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32>)
// CHECK:         %[[I:[^ ]+]] = linalg.generic {{.*}} ins(%[[C]] : tensor<1x3x3x3xf32>)
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      linalg.index 3 : index
// CHECK:         %[[BACK:[^ ]+]] = linalg.transpose ins(%[[I]] : tensor<1x3x3x3xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>) permutation = [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[BACK]]

// A called function keeps its signature: the filter argument is transposed inside.
// CHECK-LABEL: func.func @callee(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
// CHECK:         linalg.transpose ins(%w : tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<3x3x2x3xf32>) permutation = [2, 3, 1, 0]
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:    func.call @callee(%x, %w) : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>

// CHECK-LABEL: func.func @grouped_fgchw(
// CHECK-NEXT:    linalg.conv_2d_ngchw_fgchw
// CHECK-NEXT:    func.return

// The flatten reads the convolution's NHWC result transposed back (its filter argument is
// permuted: this function is not called).
// CHECK-LABEL: func.func @flatten(%x: tensor<1x2x5x5xf32>, %w: tensor<3x3x2x3xf32> {xfuse.weight_layout = array<i64: 2, 3, 1, 0>}) -> tensor<1x27xf32> {
// CHECK:         %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// CHECK:         %[[BACK:[^ ]+]] = linalg.transpose ins(%[[C]] : tensor<1x3x3x3xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>) permutation = [0, 3, 1, 2]
// CHECK-NEXT:    tensor.collapse_shape %[[BACK]]

// NONE-NOT: linalg.transpose
// NONE:     linalg.matmul
// NONE-NOT: linalg.transpose
