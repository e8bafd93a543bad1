// transform.structured.fuse {use_forall} of an exp tiled 15x3, reading an unpack with
// outer_dims_perm = [1, 0] and inner_dims_pos = [1, 0] (inner tiles 4 and 8) whose tiles cut both
// inner tiles; dest 37x10 of 40x12 (partial last outer tiles in both dims). MLIR 22 fuses the
// unpack in its covering form; xfuse must do the same and compute the same.
func.func @unpack_perm_unaligned_forall(%p: tensor<3x5x4x8xf32>) -> tensor<37x10xf32> {
  %ue = tensor.empty() : tensor<37x10xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %ue : tensor<3x5x4x8xf32> -> tensor<37x10xf32>
  %e = tensor.empty() : tensor<37x10xf32>
  %r = linalg.exp ins(%u : tensor<37x10xf32>) outs(%e : tensor<37x10xf32>) -> tensor<37x10xf32>
  return %r : tensor<37x10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops = transform.structured.fuse %0 tile_sizes [15, 3] {use_forall}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
