// Which 14 x 14 maps xfuse-winograd takes (cost.py: `FILTER_ELEMENT_COST` at one thread,
// `THREADS_FILTER_ELEMENT_COST` at two). At one thread each layer (model gain 1.22-1.23) is
// one block of the 7 tile rows, 49 tiles, whose 16 products read `U` in panels of 8 columns
// (the block's register tile), their filters transformed at load. At two threads the same block
// is split over halves of K (`THREADS_FILTER_CHARGE` = "split_k": the threads share `U`;
// winograd-split-k.mlir); with "beyond_l2" every thread would stream most of the 4 MiB `U` of
// the 256 -> 256 layer and all three stayed direct.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/small_maps.mlir -p 'xfuse-winograd{bounded=false}' | filecheck %s
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<16x32x256x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels8"}
// CHECK-SAME:    %v: tensor<16x32x192x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels8"}
// CHECK-SAME:    %t: tensor<16x20x128x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3_panels8"}
// CHECK:         arith.constant 14 : index
// CHECK-NEXT:    %[[COUNT:.+]] = arith.constant 1 : index
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[COUNT]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<1x14x14x256xf32>) {
// CHECK:           tensor.collapse_shape %{{.+}} {{.*}} : tensor<1x7x7x256xf32> into tensor<49x256xf32>
// CHECK:           linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>) outs(%{{.+}} : tensor<49x8xf32>)
// CHECK-COUNT-15:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>)
// CHECK-COUNT-16:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x192xf32>, tensor<192x8xf32>)
// CHECK-COUNT-16:  linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x128xf32>, tensor<128x8xf32>)
// CHECK-NOT:       linalg.matmul
// CHECK-NOT:       linalg.conv_2d_nhwc_hwcf
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/small_maps.mlir -p 'xfuse-winograd{threads=2 bounded=false}' | filecheck %s --check-prefix=THREADS
// THREADS-NOT:       linalg.conv_2d_nhwc_hwcf
// THREADS:           scf.forall (%{{.+}}) in (2) {{.*}} -> (tensor<1x14x14x256xf32>)
// THREADS-COUNT-16:    linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x256xf32>, tensor<256x8xf32>)
// THREADS:           scf.forall (%{{.+}}) in (2) {{.*}} -> (tensor<1x14x14x256xf32>)
// THREADS-COUNT-16:    linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x192xf32>, tensor<192x8xf32>)
// THREADS:           scf.forall (%{{.+}}) in (2) {{.*}} -> (tensor<1x14x14x160xf32>)
// THREADS-COUNT-16:    linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<49x128xf32>, tensor<128x8xf32>)
// THREADS-NOT:       linalg.conv_2d_nhwc_hwcf
