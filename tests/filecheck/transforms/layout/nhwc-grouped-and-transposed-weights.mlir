// xfuse-nhwc on a grouped convolution whose filter is an argument: the argument takes the HWCF
// layout (2, 3, 1, 0) and the convolution becomes an scf.forall over its 2 groups, each one NHWC
// convolution on slices (input channels of the group, filter columns [3 g, 3 g + 3)). On a
// fully connected layer: the transpose of the {xfuse.weight} argument is folded into its layout;
// the unmarked argument keeps its transpose. A weight collapsed before its transpose takes the
// collapsed shape (`xfuse.weight_shape`) and the layout, unless the collapse has other readers.
// RUN: xfuse-opt %S/Inputs/grouped_filter_argument.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s
// RUN: xfuse-opt %S/Inputs/transposed_weight_argument.mlir -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s --check-prefix=FC
// RUN: xfuse-opt %S/Inputs/grouped_filter_argument.mlir -p 'xfuse-nhwc{permute-weights=false}' | filecheck %s --check-prefix=KEEP
// RUN: xfuse-opt %S/Inputs/collapsed_weight_argument.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=COLLAPSED
// RUN: xfuse-opt %S/Inputs/grouped_bias_argument.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=BIAS
// RUN: xfuse-opt %S/Inputs/grouped_chain_argument.mlir -p 'xfuse-nhwc' | filecheck %s --check-prefix=CHAIN

// CHECK:       remark: xfuse-nhwc: NHWC: 1 linalg.conv_2d_ngchw_gfchw, 5 other ops; 1 weight argument(s) permuted; 2 transpose(s) inserted; 1 grouped convolution(s) split per group
// CHECK-LABEL: func.func @grouped(%x: tensor<1x4x7x7xf32>, %w: tensor<3x3x2x6xf32> {xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
// CHECK:         %[[IN:[^ ]+]] = tensor.expand_shape {{.*}} into tensor<1x7x7x2x2xf32>
// CHECK:         %[[INIT:[^ ]+]] = tensor.expand_shape {{.*}} into tensor<1x3x3x2x3xf32>
// CHECK:         %[[R:[^ ]+]] = scf.forall (%[[G:[^)]+]]) in (2) shared_outs(%[[ACC:[^ ]+]] = %[[INIT]]) -> (tensor<1x3x3x2x3xf32>) {
// CHECK:           %[[COL:[^ ]+]] = arith.muli %[[G]], %{{.*}} : index
// CHECK:           %[[X:[^ ]+]] = tensor.extract_slice %[[IN]][0, 0, 0, %[[G]], 0] [1, 7, 7, 1, 2] {{.*}} to tensor<1x7x7x2xf32>
// CHECK:           %[[W:[^ ]+]] = tensor.extract_slice %w[0, 0, 0, %[[COL]]] [3, 3, 2, 3] {{.*}} to tensor<3x3x2x3xf32>
// CHECK:           %[[O:[^ ]+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[G]], 0] [1, 3, 3, 1, 3] {{.*}} to tensor<1x3x3x3xf32>
// CHECK:           %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[X]], %[[W]] : {{.*}}) outs(%[[O]] : tensor<1x3x3x3xf32>)
// CHECK:           tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, 0, 0, %[[G]], 0] [1, 3, 3, 1, 3]
// CHECK:         tensor.collapse_shape %[[R]]
// CHECK-NOT:     linalg.conv_2d_nhwgc_gfhwc

// FC:          remark: xfuse-nhwc: NHWC: nothing, 0 other ops; 1 weight argument(s) permuted; 0 transpose(s) inserted; 0 grouped convolution(s) split per group
// FC-LABEL:    func.func @fc(%x: tensor<2x8xf32>, %w: tensor<8x6xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 1, 0>}, %v: tensor<6x8xf32>)
// FC:            %[[VT:[^ ]+]] = linalg.transpose ins(%v : tensor<6x8xf32>)
// FC:            %[[M:[^ ]+]] = linalg.matmul ins(%x, %w : tensor<2x8xf32>, tensor<8x6xf32>)
// FC:            linalg.matmul ins(%x, %[[VT]] : tensor<2x8xf32>, tensor<8x6xf32>) outs(%[[M]]
// FC-NOT:        linalg.transpose

// Without permuted weights the grouped convolution keeps MLIR's grouped form (its filter is
// transposed in the function, which the split does not take).
// KEEP:        linalg.conv_2d_nhwgc_gfhwc
// KEEP-NOT:    scf.forall

// COLLAPSED-LABEL: func.func @fc_collapsed(%x: tensor<2x8xf32>, %w: tensor<8x6xf32> {xfuse.weight, xfuse.weight_shape = array<i64: 6, 8>, xfuse.weight_layout = array<i64: 1, 0>})
// COLLAPSED-NOT:     tensor.collapse_shape
// COLLAPSED-NOT:     linalg.transpose
// COLLAPSED:         linalg.matmul ins(%x, %w : tensor<2x8xf32>, tensor<8x6xf32>)
// COLLAPSED-LABEL: func.func @fc_shared(%x: tensor<2x8xf32>, %w: tensor<1x1x6x8xf32> {xfuse.weight})
// COLLAPSED:         %[[C:[^ ]+]] = tensor.collapse_shape %w
// COLLAPSED:         linalg.transpose ins(%[[C]] : tensor<6x8xf32>)

// A grouped convolution starting from a bias broadcast: each group broadcasts its own slice of the
// bias into its slice of the result, in the loop (where the backend fuses it into the register
// tiles); no broadcast of the whole result is left before the loop, whose shared output starts
// as the empty tensor.
// BIAS-LABEL: func.func @grouped_bias(
// BIAS-NOT:     linalg.broadcast
// BIAS:         %[[E:[^ ]+]] = tensor.empty() : tensor<1x3x3x6xf32>
// BIAS-NOT:     linalg.broadcast
// BIAS:         %[[E5:[^ ]+]] = tensor.expand_shape %[[E]] {{.*}} into tensor<1x3x3x2x3xf32>
// BIAS:         scf.forall (%[[G:[^)]+]]) in (2) shared_outs(%[[ACC:[^ ]+]] = %[[E5]])
// BIAS:           %[[COL:[^ ]+]] = arith.muli %[[G]], %{{.*}} : index
// BIAS:           %[[O:[^ ]+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[G]], 0] [1, 3, 3, 1, 3]
// BIAS:           %[[BG:[^ ]+]] = tensor.extract_slice %b[%[[COL]]] [3] [1] : tensor<6xf32> to tensor<3xf32>
// BIAS:           %[[INIT:[^ ]+]] = linalg.broadcast ins(%[[BG]]:tensor<3xf32>) outs(%[[O]]:tensor<1x3x3x3xf32>) dimensions = [0, 1, 2]
// BIAS:           linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[INIT]] : tensor<1x3x3x3xf32>)

// The residual add and the ReLU after the grouped convolution's collapse run in the group loop,
// on the group's channels of the convolution and of the residual (transposed to NHWC before the
// loop; its slice taken before the convolution); the loop's collapsed result is what the ReLU's users read. The negation of the residual
// is not part of the chain and stays outside.
// CHAIN-LABEL: func.func @grouped_chain(
// CHAIN:         %[[RES:[^ ]+]] = linalg.transpose ins(%res : tensor<1x6x5x5xf32>)
// CHAIN:         %[[LOOP:[^ ]+]] = scf.forall (%[[G:[^)]+]]) in (2) shared_outs(%[[ACC:[^ ]+]] = %{{[^ ]+}})
// CHAIN:           %[[COL:[^ ]+]] = arith.muli %[[G]], %{{.*}} : index
// CHAIN:           %[[O:[^ ]+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[G]], 0] [1, 5, 5, 1, 3]
// CHAIN:           %[[R:[^ ]+]] = tensor.extract_slice %[[RES]][0, 0, 0, %[[COL]]] [1, 5, 5, 3] [1, 1, 1, 1] : tensor<1x5x5x6xf32> to tensor<1x5x5x3xf32>
// CHAIN:           %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// CHAIN:           %[[SUM:[^ ]+]] = linalg.generic {{.*}} ins(%[[C]], %[[R]] : tensor<1x5x5x3xf32>, tensor<1x5x5x3xf32>) outs(%[[O]] : tensor<1x5x5x3xf32>)
// CHAIN:             arith.addf
// CHAIN:           %[[RELU:[^ ]+]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<1x5x5x3xf32>) outs(%[[O]] : tensor<1x5x5x3xf32>)
// CHAIN:             arith.select
// CHAIN:           tensor.parallel_insert_slice %[[RELU]] into %[[ACC]][0, 0, 0, %[[G]], 0] [1, 5, 5, 1, 3]
// CHAIN:         %[[FLAT:[^ ]+]] = tensor.collapse_shape %[[LOOP]] {{.*}} into tensor<1x5x5x6xf32>
// CHAIN-NEXT:    %{{[^ ]+}} = tensor.empty() : tensor<1x6x5x5xf32>
// CHAIN-NEXT:    %[[OUT:[^ ]+]] = linalg.transpose ins(%[[FLAT]] : tensor<1x5x5x6xf32>)
// CHAIN:         %neg = linalg.generic {{.*}} ins(%res : tensor<1x6x5x5xf32>)
// CHAIN:           arith.negf
// CHAIN:         return %[[OUT]], %neg
