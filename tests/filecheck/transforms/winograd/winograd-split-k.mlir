// At two threads the 14 x 14 maps (one block of their 7 tile rows at one thread) split over
// halves of K (`cost.THREADS_FILTER_CHARGE` = "split_k", `rewrite._split_k`): the 16 input
// transforms of the whole map once, then an `scf.forall` over the two halves, each the 16
// products of its half of `U`'s panels (from panel `%p0`) and the output transforms of its
// channels, with its half of the bias and the residual read through its channels' slice.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/split_k.mlir -p 'xfuse-winograd{threads=2 bounded=false}' | filecheck %s
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<16x32x256x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels8"}
// CHECK-SAME:    %t: tensor<16x20x128x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels8"}
// CHECK-COUNT-16:  tensor.collapse_shape %{{.+}} : tensor<1x7x7x256xf32> into tensor<49x256xf32>
// CHECK-NOT:       linalg.matmul
// CHECK:           %[[PANELS:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[PART:.+]] = arith.constant 128 : index
// CHECK-NEXT:      scf.forall (%[[P:.+]]) in (2) shared_outs(%[[ACC:.+]] = %{{.+}}) -> (tensor<1x14x14x256xf32>) {
// CHECK-NEXT:        %[[KC:.+]] = arith.muli %[[P]], %[[PART]] : index
// CHECK-NEXT:        %[[P0:.+]] = arith.muli %[[P]], %[[PANELS]] : index
// CHECK:             scf.for %[[Q:.+]] = %{{.+}} to %[[PANELS]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<49x128xf32>) {
// CHECK:               %[[J:.+]] = arith.addi %[[P0]], %[[Q]] : index
// CHECK-NEXT:          tensor.extract_slice %w[0, %[[J]], 0, 0] [1, 1, 256, 8] [1, 1, 1, 1] : tensor<16x32x256x8xf32> to tensor<256x8xf32>
// CHECK:               linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>) outs(%{{.+}} : tensor<49x8xf32>)
// CHECK-COUNT-15:      linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>) outs(%{{.+}} : tensor<49x8xf32>)
// CHECK:             tensor.extract_slice %b[%[[KC]]] [128] [1] : tensor<256xf32> to tensor<128xf32>
// CHECK-NEXT:        %[[YB:.+]] = tensor.extract_slice %[[ACC]][0, 0, 0, %[[KC]]] [1, 14, 14, 128] [1, 1, 1, 1]
// CHECK-NEXT:        tensor.extract_slice %[[YB]][0, 0, 0, 0] [1, 7, 7, 128] [1, 2, 2, 1]
// CHECK-NEXT:        %[[RES:.+]] = tensor.extract_slice %r[0, 0, 0, %[[KC]]] [1, 14, 14, 128] [1, 1, 1, 1]
// CHECK-NEXT:        tensor.extract_slice %[[RES]][0, 0, 0, 0] [1, 7, 7, 128] [1, 2, 2, 1]
// CHECK:             arith.maximumf
// CHECK:             scf.forall.in_parallel {
// CHECK-NEXT:          tensor.parallel_insert_slice %{{.+}} into %[[ACC]][0, 0, 0, %[[KC]]] [1, 14, 14, 128] [1, 1, 1, 1]
// CHECK:           scf.forall (%{{.+}}) in (2) shared_outs(%{{.+}} = %{{.+}}) -> (tensor<1x14x14x160xf32>) {
// CHECK-COUNT-16:    linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x128xf32>, tensor<128x8xf32>) outs(%{{.+}} : tensor<49x8xf32>)
// CHECK:               tensor.parallel_insert_slice %{{.+}} into %{{.+}}[0, 0, 0, %{{.+}}] [1, 14, 14, 80] [1, 1, 1, 1]
// CHECK-NOT:       linalg.conv_2d_nhwc_hwcf
// CHECK:           func.return

// At one thread the same layers are one block of the 7 rows over all of K (no forall).
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/split_k.mlir -p 'xfuse-winograd{bounded=false}' | filecheck %s --check-prefix=ONE
// ONE-NOT:     scf.forall
// ONE:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<1x14x14x256xf32>) {
// ONE-COUNT-16:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>) outs(%{{.+}} : tensor<49x8xf32>)
// ONE-NOT:     scf.forall
