// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse-into-containing.mlir
// (@fuse_tileable_op_through_bbarg, static sizes): the fill reaches the loop through its
// shared_outs; the tile is computed into the slice of the loop's block argument.
#map1 = affine_map<(d0) -> (d0 * 16)>
#map2 = affine_map<(d0) -> (-(d0 * 16) + 60, 16)>
func.func @fuse_tileable_op_through_bbarg(%arg1: tensor<60xf32>, %arg2: tensor<60xf32>) -> tensor<60xf32> {
  %cst = arith.constant 4.200000e+01 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%arg2 : tensor<60xf32>) -> tensor<60xf32>
  %2 = scf.forall (%arg3) in (4) shared_outs(%o = %0) -> (tensor<60xf32>) {
    %3 = affine.apply #map1(%arg3)
    %4 = affine.min #map2(%arg3)
    %5 = tensor.extract_slice %o[%3] [%4] [1] : tensor<60xf32> to tensor<?xf32>
    %6 = tensor.extract_slice %arg1[%3] [%4] [1] : tensor<60xf32> to tensor<?xf32>
    %7 = linalg.add ins(%6, %5 : tensor<?xf32>, tensor<?xf32>) outs(%5 : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %7 into %o[%3] [%4] [1] : tensor<?xf32> into tensor<60xf32>
    }
  }
  func.return %2 : tensor<60xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["scf.forall"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.fuse_into_containing_op %0 into %1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
