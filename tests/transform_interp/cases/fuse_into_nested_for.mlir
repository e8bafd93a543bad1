// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse-into-containing.mlir
// (@fuse_tileable_op_through_bbarg_inout_nested; static shapes, linalg.add/linalg.exp for the
// elemwise_unary ops): the producer writes the tensor the loop nest carries; it is fused into
// the innermost scf.for (selected with split_handle) through the iter_args.
func.func @nested(%arg0: tensor<4x3x5xf32>, %arg1: tensor<4x3x5xf32>) -> tensor<4x3x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %0 = linalg.add ins(%arg0, %arg0 : tensor<4x3x5xf32>, tensor<4x3x5xf32>) outs(%arg1 : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %1 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1) -> (tensor<4x3x5xf32>) {
    %2 = scf.for %arg4 = %c0 to %c3 step %c1 iter_args(%arg5 = %arg3) -> (tensor<4x3x5xf32>) {
      %3 = scf.for %arg6 = %c0 to %c5 step %c1 iter_args(%arg7 = %arg5) -> (tensor<4x3x5xf32>) {
        %s = tensor.extract_slice %0[%arg2, %arg4, %arg6] [1, 1, 1] [1, 1, 1] : tensor<4x3x5xf32> to tensor<1x1x1xf32>
        %o = tensor.extract_slice %arg7[%arg2, %arg4, %arg6] [1, 1, 1] [1, 1, 1] : tensor<4x3x5xf32> to tensor<1x1x1xf32>
        %4 = linalg.exp ins(%s : tensor<1x1x1xf32>) outs(%o : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
        %5 = tensor.insert_slice %4 into %arg7[%arg2, %arg4, %arg6] [1, 1, 1] [1, 1, 1] : tensor<1x1x1xf32> into tensor<4x3x5xf32>
        scf.yield %5 : tensor<4x3x5xf32>
      }
      scf.yield %3 : tensor<4x3x5xf32>
    }
    scf.yield %2 : tensor<4x3x5xf32>
  }
  return %1 : tensor<4x3x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %3:3 = transform.split_handle %1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.fuse_into_containing_op %0 into %3#2 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
