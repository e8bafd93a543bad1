// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse.mlir (@fuse_unary_param).
// NO-MLIR-OPT: mlir-opt 22.1.8 parses param tile sizes in structured.fuse but fails at run
// time ("unexpected value handle"); only newer MLIR runs this test. Checked against the input.
func.func @fuse_unary_param(%arg0: tensor<50x70xf32>, %arg1: tensor<50x70xf32>) -> tensor<50x70xf32> {
  %0 = linalg.exp ins(%arg0 : tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<50x70xf32>, tensor<50x70xf32>) outs(%arg1: tensor<50x70xf32>) -> tensor<50x70xf32>
  return %1 : tensor<50x70xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %c32 = transform.param.constant 32 : i32 -> !transform.param<i32>
    %c32_as_any = transform.param.constant 16 : i32 -> !transform.any_param
    %c1 = transform.param.constant 1 : i32 -> !transform.param<i32>
    %3, %loops:2 = transform.structured.fuse %0 tile_sizes [%c32, %c32_as_any] interchange [0, %c1]
      : (!transform.any_op, !transform.param<i32>, !transform.any_param, !transform.param<i32>) ->
      (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
