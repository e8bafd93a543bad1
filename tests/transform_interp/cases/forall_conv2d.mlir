// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-using-scfforall.mlir (@conv2D,
// static shapes, transform.structured.tile_using_forall for the test op): the reduction loops of
// a strided, dilated convolution tiled [0, 0, 0, 0, 10, 20, 30] would race in a forall, so the
// parallel loops are tiled here instead (n, oh, ow, f).
func.func @conv2D(%arg0 : tensor<2x25x30x6xf32>, %arg1 : tensor<3x4x6x5xf32>, %arg2 : tensor<2x5x5x5xf32>) -> tensor<2x5x5x5xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {
      strides = dense<[2, 3]> : tensor<2xi64>,
      dilations = dense<[4, 5]> : tensor<2xi64>}
      ins(%arg0, %arg1 : tensor<2x25x30x6xf32>, tensor<3x4x6x5xf32>)
      outs(%arg2 : tensor<2x5x5x5xf32>) -> tensor<2x5x5x5xf32>
  return %0 : tensor<2x5x5x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %arg1
      : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.structured.tile_using_forall %conv tile_sizes [1, 2, 3, 4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
