// A reduction after an NCHW convolution: written through a map that keeps its reduced
// dimensions (ReduceMean with keepdims), it runs in NHWC; written without them (keepdims=0, a
// 1x8 result) it keeps NCHW, and the remark says why.
// RUN: xfuse-opt %s -p 'xfuse-nhwc{remarks=true}' 2>&1 | filecheck %s

// CHECK: nhwc-reductions.mlir:38:3: remark: xfuse-nhwc: NHWC -> NCHW transpose for 'linalg.generic' (its results are not 4-D tensors written with identity maps (or keeping reduced dimensions))

// CHECK-LABEL: func.func @kept(
// CHECK:         %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[C]] : tensor<1x5x5x8xf32>) outs(%{{.*}} : tensor<1x1x1x8xf32>)
func.func @kept(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x5x5xf32>, tensor<8x4x1x1xf32>) outs(%f : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  %se = tensor.empty() : tensor<1x8x1x1xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%c : tensor<1x8x5x5xf32>) outs(%sf : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x8x1x1xf32>
  func.return %s : tensor<1x8x1x1xf32>
}

// CHECK-LABEL: func.func @dropped(
// CHECK:         %[[C:[^ ]+]] = linalg.conv_2d_nhwc_hwcf
// CHECK:         %[[BACK:[^ ]+]] = linalg.transpose ins(%[[C]] : tensor<1x5x5x8xf32>) outs(%{{.*}} : tensor<1x8x5x5xf32>) permutation = [0, 3, 1, 2]
// CHECK:         linalg.generic {{.*}} ins(%[[BACK]] : tensor<1x8x5x5xf32>) outs(%{{.*}} : tensor<1x8xf32>)
func.func @dropped(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x5x5xf32>, tensor<8x4x1x1xf32>) outs(%f : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  %se = tensor.empty() : tensor<1x8xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%c : tensor<1x8x5x5xf32>) outs(%sf : tensor<1x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x8xf32>
  func.return %s : tensor<1x8xf32>
}
