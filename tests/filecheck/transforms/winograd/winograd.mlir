// xfuse-winograd over the whole map (blocked=false; blocks: winograd-blocks.mlir): the 56x56 and 55x55 convolutions become Winograd F(2x2, 3x3): their filter
// arguments take the transformed 16 x C x K form (`xfuse.weight_transform`, applied at load
// after the HWCF layout), the input's 16 strided views (element (i, j) of every 4x4 patch, two
// apart) feed 16 elementwise input transforms, each a matmul by its slice of U, and 4 output
// transforms write the 2x2 outputs of each tile into strided views of the result. The even
// layer's bias is added in the output transform and its residual add and ReLU run on each
// strided view (the residual read through the same view); the odd layer's input is padded by a
// row and a column to whole tiles and its result cut to 55x55. The 7x7 layer stays direct.
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/convs.mlir -p 'xfuse-winograd{bounded=false blocked=false}' | filecheck %s
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:    %w: tensor<16x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3"}
// CHECK-SAME:    %v: tensor<16x64x32xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>, xfuse.weight_transform = "winograd_2x2_3x3"}
// CHECK-SAME:    %t: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
// CHECK:         %[[D00:.+]] = tensor.extract_slice %x[0, 0, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1] : tensor<1x58x58x64xf32> to tensor<1x28x28x64xf32>
// CHECK:         %[[D02:.+]] = tensor.extract_slice %x[0, 0, 2, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// CHECK:         %[[D20:.+]] = tensor.extract_slice %x[0, 2, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// CHECK:         %[[D22:.+]] = tensor.extract_slice %x[0, 2, 2, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// CHECK:         %[[D33:.+]] = tensor.extract_slice %x[0, 3, 3, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// V[0][0] = d00 - d02 - d20 + d22:
// CHECK:         %[[V0:.+]] = linalg.generic {{.*}} ins(%[[D00]], %[[D02]], %[[D20]], %[[D22]] :
// CHECK-NEXT:    ^{{.*}}(%[[A:.+]]: f32, %[[B:.+]]: f32, %[[C:.+]]: f32, %[[E:.+]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S0:.+]] = arith.addf %[[A]], %[[E]] : f32
// CHECK-NEXT:      %[[S1:.+]] = arith.subf %[[S0]], %[[B]] : f32
// CHECK-NEXT:      %[[S2:.+]] = arith.subf %[[S1]], %[[C]] : f32
// CHECK-NEXT:      linalg.yield %[[S2]] : f32
// CHECK:         %[[VA0:.+]] = tensor.collapse_shape %[[V0]] {{.*}} : tensor<1x28x28x64xf32> into tensor<784x64xf32>
// CHECK:         %[[U0:.+]] = tensor.extract_slice %w[0, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<16x64x64xf32> to tensor<64x64xf32>
// CHECK:         %[[MM0:.+]] = linalg.matmul ins(%[[VA0]], %[[U0]] : tensor<784x64xf32>, tensor<64x64xf32>)
// CHECK:         tensor.expand_shape %[[MM0]] {{.*}} output_shape [1, 28, 28, 64]
// CHECK-COUNT-15: linalg.matmul
// Y[0][0] = sum of M[i][j], i, j < 3, plus the bias; then the residual add and ReLU on its view:
// CHECK:         %[[SLOT:.+]] = tensor.extract_slice %[[Y:.+]][0, 0, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1] : tensor<1x56x56x64xf32> to tensor<1x28x28x64xf32>
// CHECK:         %[[RES:.+]] = tensor.extract_slice %r[0, 0, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// CHECK:         %[[O00:.+]] = linalg.generic {{.*}} ins(%m0, %m1, %m2, %m4, %m5, %m6, %m8, %m9, %m10, %b : {{.*}}, tensor<64xf32>) outs(%[[SLOT]] :
// CHECK-COUNT-9:   arith.addf
// CHECK:         %[[CHAIN:.+]] = linalg.generic {{.*}} ins(%[[O00]], %[[RES]] : {{.*}}) outs(%[[SLOT]] :
// CHECK:           arith.maximumf
// CHECK:         tensor.insert_slice %[[CHAIN]] into %[[Y]][0, 0, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1] : tensor<1x28x28x64xf32> into tensor<1x56x56x64xf32>
// CHECK:         tensor.insert_slice %{{.+}} into %{{.+}}[0, 1, 1, 0] [1, 28, 28, 64] [1, 2, 2, 1]
// CHECK-NOT:     linalg.conv_2d_nhwc_hwcf
// CHECK:         %[[GRID:.+]] = tensor.pad %z low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK:         tensor.extract_slice %[[GRID]][0, 0, 0, 0] [1, 28, 28, 64] [1, 2, 2, 1] : tensor<1x58x58x64xf32> to tensor<1x28x28x64xf32>
// CHECK-COUNT-16: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<784x64xf32>, tensor<64x32xf32>)
// CHECK:         %[[FULL:.+]] = tensor.insert_slice %{{.+}} into %{{.+}}[0, 1, 1, 0] [1, 28, 28, 32] [1, 2, 2, 1] : tensor<1x28x28x32xf32> into tensor<1x56x56x32xf32>
// CHECK:         %[[CUT:.+]] = tensor.extract_slice %[[FULL]][0, 0, 0, 0] [1, 55, 55, 32] [1, 1, 1, 1] : tensor<1x56x56x32xf32> to tensor<1x55x55x32xf32>
// CHECK:         %[[SMALL:.+]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%q, %t :
// CHECK:         func.return %{{.+}}, %[[CUT]], %[[SMALL]]
// A two-thread build takes the two large maps in an scf.forall over blocks of tile rows, each
// thread's share of the transformed filter by its size against a core's L2 (cost.THREADS_FILTER_CHARGE),
// and leaves the 7x7 one direct; a build of more threads than cost.MAX_THREADS leaves every convolution direct:
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/convs.mlir -p 'xfuse-winograd{threads=2 bounded=false}' | filecheck %s --check-prefix=THREADS
// THREADS:         scf.forall (%{{.+}}) in (14) {{.*}} -> (tensor<1x56x56x64xf32>)
// THREADS:         scf.forall (%{{.+}}) in (14) {{.*}} -> (tensor<1x56x56x32xf32>)
// THREADS-COUNT-1: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%q, %t :
// THREADS-NOT:     linalg.conv_2d_nhwc_hwcf
// RUN: env XFUSE_TARGET_CPU=znver3 xfuse-opt %S/Inputs/convs.mlir -p 'xfuse-winograd{threads=3 bounded=false}' | filecheck %s --check-prefix=MANY
// MANY-COUNT-3: linalg.conv_2d_nhwc_hwcf
// MANY-NOT:     linalg.matmul
