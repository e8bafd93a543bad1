// xfuse-nhwc on torch-mlir's lowering of small ONNX models (../network/Inputs/): the
// convolutions, pooling and everything between them in NHWC, one transpose at each edge.
// RUN: xfuse-opt %S/../network/Inputs/conv_bn_relu.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s --check-prefix=CBR
// RUN: xfuse-opt %S/../network/Inputs/conv_maxpool.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=POOL
// RUN: xfuse-opt %S/../network/Inputs/depthwise_conv.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=DW
// RUN: xfuse-opt %S/../network/Inputs/squeeze_excite.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s --check-prefix=SE
// RUN: xfuse-opt %S/../network/Inputs/grouped_conv.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=GROUPED
// RUN: xfuse-opt %S/../network/Inputs/squeezenet.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s --check-prefix=SQZ

// Conv + bias + batch norm + ReLU. The input is transposed once; the pad moves to H and W; the
// bias broadcast keeps C as its input dimension; the constant filter is folded to HWCF; the batch
// norm's 1x8x1x1 operands keep their layout and are read with permuted maps (C is loop d3 now).
// CBR: conv_bn_relu.mlir:14:5: remark: xfuse-nhwc: NCHW -> NHWC transpose of function argument #0 (the signature keeps its layout)
// CBR: conv_bn_relu.mlir:58:5: remark: xfuse-nhwc: NHWC -> NCHW transpose for 'func.return' (the function's results keep the layout of its signature)
// CBR: remark: xfuse-nhwc: NHWC: 1 linalg.conv_2d_nchw_fchw, 8 other ops; 0 weight argument(s) permuted; 2 transpose(s) inserted
// CBR:      func.func @g(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
// CBR:        %[[IN:[^ ]+]] = linalg.transpose ins(%arg0 : tensor<1x4x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x4xf32>) permutation = [0, 2, 3, 1]
// CBR:        %[[W:[^ ]+]] = arith.constant dense<"0x6CBF803D5061A7BE{{.*}}"> : tensor<3x3x4x8xf32>
// CBR:        %[[PAD:[^ ]+]] = tensor.pad %[[IN]] low[0, 1, 1, 0] high[0, 1, 1, 0] {
// CBR:        } : tensor<1x8x8x4xf32> to tensor<1x10x10x4xf32>
// CBR:        %[[B:[^ ]+]] = linalg.broadcast ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>) dimensions = [0, 1, 2]
// CBR:        %[[CONV:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[PAD]], %[[W]] : tensor<1x10x10x4xf32>, tensor<3x3x4x8xf32>) outs(%[[B]] : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
// CBR:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.*}} ins(%[[CONV]], %{{.*}} : tensor<1x8x8x8xf32>, tensor<1x8x1x1xf32>)
// CBR:        %[[RELU:[^ ]+]] = linalg.generic {{.*}} ins(%{{[^ ,]+}} : tensor<1x8x8x8xf32>) outs
// CBR-NEXT:   ^bb0(
// CBR-NEXT:     arith.cmpf ugt
// CBR:        %[[OUT:[^ ]+]] = linalg.transpose ins(%[[RELU]] : tensor<1x8x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>) permutation = [0, 3, 1, 2]
// CBR-NEXT:   func.return %[[OUT]] : tensor<1x8x8x8xf32>
// CBR-NOT:  linalg.conv_2d_nchw_fchw

// Conv (1x1) + ReLU + 2x2 max pool: the pool's -inf fill and its empty are rebuilt in NHWC.
// POOL:      %[[IN:[^ ]+]] = linalg.transpose ins(%arg0 : tensor<1x4x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x4xf32>) permutation = [0, 2, 3, 1]
// POOL:      %[[NEGINF:[^ ]+]] = arith.constant 0xff800000 : f32
// POOL-NOT:  tensor<8x4x1x1xf32>
// POOL:      %[[W:[^ ]+]] = arith.constant dense<{{.*}}> : tensor<1x1x4x8xf32>
// POOL:      %[[CONV:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN]], %[[W]] : tensor<1x8x8x4xf32>, tensor<1x1x4x8xf32>)
// POOL:      %[[RELU:[^ ]+]] = linalg.generic {{.*}} ins(%[[CONV]] : tensor<1x8x8x8xf32>)
// POOL:      %[[E:[^ ]+]] = tensor.empty() : tensor<1x4x4x8xf32>
// POOL-NEXT: %[[FILL:[^ ]+]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%[[E]] : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// POOL:      %[[P:[^ ]+]] = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[RELU]], %{{.*}} : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// POOL:      linalg.transpose ins(%[[P]] : tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>) permutation = [0, 3, 1, 2]

// Depthwise 3x3: CHW filter folded to HWC (element [c][kh][kw] now at [kh][kw][c]).
// DW:      %[[W:[^ ]+]] = arith.constant dense<{{\[\[\[}}-0.0198230743, 0.472850531, {{.*}}> : tensor<3x3x8xf32>
// DW:      linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%{{.*}}, %[[W]] : tensor<1x10x10x8xf32>, tensor<3x3x8xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>)

// Squeeze-excite (ReduceMean over H and W with keepdims): the reduction's 1x8x1x1 result is
// written through (d0, d1, 0, 0), a map that keeps the reduced dimensions; it becomes NHWC like an
// identity-map result: channels the last, parallel loop, H and W reduced outside it, and no
// transpose of the activation to NCHW for the mean nor of the mean back to NHWC.
// SE: remark: xfuse-nhwc: NHWC: 2 linalg.conv_2d_nchw_fchw, 1 linalg.depthwise_conv_2d_nchw_chw, 13 other ops; 0 weight argument(s) permuted; 2 transpose(s) inserted
// SE:      %[[CONV:[^ ]+]] = linalg.depthwise_conv_2d_nhwc_hwc
// SE-NOT:  linalg.transpose
// SE:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[CONV]] : tensor<1x7x6x8xf32>) outs(%{{.*}} : tensor<1x1x1x8xf32>)
// SE-NOT:  linalg.transpose
// SE:      linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x1x8xf32>, tensor<1x1x8x4xf32>)
// SE-NOT:  linalg.transpose
// SE:      linalg.generic {{.*}} ins(%[[CONV]], %{{.*}} : tensor<1x7x6x8xf32>, tensor<1x1x1x8xf32>)
// SE-NEXT: ^bb0(
// SE-NEXT:   arith.mulf
// SE:      linalg.transpose ins(%{{.*}} : tensor<1x7x6x8xf32>) outs(%{{.*}} : tensor<1x8x7x6xf32>) permutation = [0, 3, 1, 2]
// SE-NEXT: func.return

// Grouped 1x1 convolution (2 groups): torch-mlir splits C into G x C/G around it; in NHWC the
// split is of the last dimension (NHWGC) and the convolution is conv_2d_nhwgc_gfhwc, its
// constant GFCHW filter folded to GFHWC.
// GROUPED:      %[[IN:[^ ]+]] = linalg.transpose ins(%arg0 : tensor<1x8x6x6xf32>) outs(%{{.*}} : tensor<1x6x6x8xf32>) permutation = [0, 2, 3, 1]
// GROUPED:      %[[W:[^ ]+]] = arith.constant dense<{{\[\[\[\[\[}}-5.374970e-01, 0.209352911, -0.169102639, -0.406706184]]], {{.*}} : tensor<2x4x1x1x4xf32>
// GROUPED:      %[[B:[^ ]+]] = linalg.broadcast ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<1x6x6x8xf32>) dimensions = [0, 1, 2]
// GROUPED:      %[[X5:[^ ]+]] = tensor.expand_shape %[[IN]] {{.*}} output_shape [1, 6, 6, 2, 4] : tensor<1x6x6x8xf32> into tensor<1x6x6x2x4xf32>
// GROUPED:      %[[B5:[^ ]+]] = tensor.expand_shape %[[B]] {{.*}} : tensor<1x6x6x8xf32> into tensor<1x6x6x2x4xf32>
// GROUPED:      %[[C:[^ ]+]] = linalg.conv_2d_nhwgc_gfhwc {{.*}} ins(%[[X5]], %[[W]] : tensor<1x6x6x2x4xf32>, tensor<2x4x1x1x4xf32>) outs(%[[B5]] : tensor<1x6x6x2x4xf32>)
// GROUPED:      %[[C4:[^ ]+]] = tensor.collapse_shape %[[C]] {{.*}} : tensor<1x6x6x2x4xf32> into tensor<1x6x6x8xf32>
// GROUPED:      linalg.transpose ins(%[[C4]] : tensor<1x6x6x8xf32>) outs(%{{.*}} : tensor<1x8x6x6xf32>) permutation = [0, 3, 1, 2]

// Squeezenet: 26 convolutions, 3 max pools and the global average pool in NHWC, the fire
// modules' concats along C (dim 3); one transpose, of the input: the classifier's collapse of
// the 1x1x1x1000 pooled tensor reads it as it is (H = W = 1).
// SQZ:     squeezenet.mlir:49:5: remark: xfuse-nhwc: NCHW -> NHWC transpose of function argument #0 (the signature keeps its layout)
// SQZ-NEXT:  note: see op 'linalg.conv_2d_nchw_fchw':
// SQZ-NOT: {{[0-9]+}}: remark:
// SQZ:     remark: xfuse-nhwc: NHWC: 26 linalg.conv_2d_nchw_fchw, 3 linalg.pooling_nchw_max, 1 linalg.pooling_nchw_sum, 71 other ops; 0 weight argument(s) permuted; 1 transpose(s) inserted
// SQZ:     linalg.transpose ins(%arg0 : tensor<1x3x224x224xf32>) outs(%{{.*}} : tensor<1x224x224x3xf32>) permutation = [0, 2, 3, 1]
// SQZ-NOT: linalg.transpose
// SQZ:     tensor.concat dim(3) %{{.*}}, %{{.*}} : (tensor<1x55x55x64xf32>, tensor<1x55x55x64xf32>) -> tensor<1x55x55x128xf32>
// SQZ-NOT: linalg.transpose
// SQZ:     linalg.pooling_nhwc_sum {{.*}} outs(%{{.*}} : tensor<1x1x1x1000xf32>)
// SQZ:     tensor.collapse_shape %{{.*}} : tensor<1x1x1x1000xf32> into tensor<1x1000xf32>
// SQZ-NOT: linalg.transpose
// SQZ-NOT: nchw
