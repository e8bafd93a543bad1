// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse.mlir (@fuse_through_slice and
// @fuse_unrelated_slices, static shapes): the producer is reached through an extract_slice taken
// outside the loops; an unrelated chain of slices stays outside. {apply_cleanup} is accepted
// (xfuse applies no cleanup patterns during fusion).
func.func @fuse_through_slice(%arg0: tensor<52x52xf32>, %arg1: tensor<50x50xf32>) -> (tensor<50x50xf32>, tensor<10x10xf32>) {
  %slice1 = tensor.extract_slice %arg0 [1, 1] [50, 50] [1, 1] : tensor<52x52xf32> to tensor<50x50xf32>
  %slice2 = tensor.extract_slice %slice1 [1, 1] [10, 10] [1, 1] : tensor<50x50xf32> to tensor<10x10xf32>
  %0 = linalg.exp ins(%arg0 : tensor<52x52xf32>) outs(%arg0: tensor<52x52xf32>) -> tensor<52x52xf32>
  %1 = tensor.extract_slice %0 [1, 1] [50, 50] [1, 1] : tensor<52x52xf32> to tensor<50x50xf32>
  %2 = linalg.add ins(%1, %arg1 : tensor<50x50xf32>, tensor<50x50xf32>) outs(%arg1: tensor<50x50xf32>) -> tensor<50x50xf32>
  return %2, %slice2 : tensor<50x50xf32>, tensor<10x10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [32, 32] interchange [0, 1] {apply_cleanup}
      : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">, !transform.any_op)
    transform.yield
  }
}
