// mlir-corpus: source=mlir/test/Dialect/Linalg/named-ops.mlir piece=28 commit=03464b2ca766d6d8d3ee5768553e1add0d3e3230
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @conv_2d_nhwgc_gfhwc_tensor(%input: tensor<1x28x28x2x3xf32>, %filter: tensor<2x8x3x3x3xf32>, %output: tensor<1x26x26x2x8xf32>) -> tensor<1x26x26x2x8xf32>  {
  %0 = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>,
                                         strides = dense<1> : tensor<2xi64>}
     ins (%input, %filter: tensor<1x28x28x2x3xf32>, tensor<2x8x3x3x3xf32>)
    outs (%output: tensor<1x26x26x2x8xf32>) -> tensor<1x26x26x2x8xf32>
  return  %0 : tensor<1x26x26x2x8xf32>
}
