// A convolution (linalg.conv_2d_nhwc_hwcf, the op of MLIR's conv tiling tests) reduced over its
// filter window and input channels: kh and c tiled (2 of 3, 3 of 4), a partial result per
// (kh, c) slot; the input tile is the window's image (offset oh + kh).
func.func @conv(%input: tensor<1x8x8x4xf32>, %filter: tensor<3x3x4x5xf32>, %init: tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%input, %filter : tensor<1x8x8x4xf32>, tensor<3x3x4x5xf32>)
    outs(%init : tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32>
  return %0 : tensor<1x6x6x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 0, 0, 0, 2, 0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
