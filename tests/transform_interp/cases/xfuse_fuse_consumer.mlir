// xfuse's transform.xfuse.fuse_consumer (MLIR's consumer-fusion op, transform.test.fuse_consumer,
// exists only in mlir-opt's test dialect): tile an add with scf.forall, then fuse the exp that
// consumes its result into the loop. Checked against the untransformed input.
func.func @consumer(%a: tensor<64x48xf32>, %b: tensor<64x48xf32>, %c: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %e = tensor.empty() : tensor<64x48xf32>
  %0 = linalg.add ins(%a, %b : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %1 = linalg.exp ins(%0 : tensor<64x48xf32>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %1 : tensor<64x48xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %exp = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %add tile_sizes [16, 32]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new_loop = transform.xfuse.fuse_consumer %exp into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
