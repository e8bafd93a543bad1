// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse-into-containing.mlir
// (@fuse_untileable_op): tensor.empty has no tiling model, it is cloned into the loop.
#map1 = affine_map<(d0) -> (d0 * 16)>
func.func @fuse_untileable_op(%arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> tensor<64xf32> {
  %0 = tensor.empty() : tensor<16xf32>
  %2 = scf.forall (%arg3) in (4) shared_outs(%o = %arg2) -> (tensor<64xf32>) {
    %3 = affine.apply #map1(%arg3)
    %5 = tensor.extract_slice %arg1[%3] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %7 = linalg.exp ins(%5 : tensor<16xf32>) outs(%0 : tensor<16xf32>) -> tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %7 into %o[%3] [16] [1] : tensor<16xf32> into tensor<64xf32>
    }
  }
  func.return %2 : tensor<64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.op<"tensor.empty">
    %1 = transform.structured.match ops{["scf.forall"]} in %arg1 : (!transform.any_op) -> !transform.op<"scf.forall">
    transform.structured.fuse_into_containing_op %0 into %1
      : (!transform.op<"tensor.empty">, !transform.op<"scf.forall">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
