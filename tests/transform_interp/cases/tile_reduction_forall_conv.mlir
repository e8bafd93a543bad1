// A convolution (linalg.conv_2d_nhwc_hwcf) with tile_reduction_using_forall by num_threads on
// kw and c (3 x 2 threads); each thread reduces its window column and channel half into its
// slot; the split op stays a linalg.conv_2d_nhwc_hwcf.
func.func @conv(%input: tensor<1x8x8x4xf32>, %filter: tensor<3x3x4x5xf32>, %init: tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%input, %filter : tensor<1x8x8x4xf32>, tensor<3x3x4x5xf32>)
    outs(%init : tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32>
  return %0 : tensor<1x6x6x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 0, 0, 0, 0, 3, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
