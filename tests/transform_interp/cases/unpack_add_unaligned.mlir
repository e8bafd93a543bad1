// transform.structured.fuse with tiles (15) that cut the inner tiles (8) of the unpack producing
// the add's operand; 37 of the 40 unpacked elements are kept, so the last tile is partial. MLIR 22
// fuses the unpack in its covering form (the outer tiles covering the 15 elements, unpacked into
// a temporary, then sliced): xfuse must do the same and compute the same.
func.func @unpack_add_unaligned(%p: tensor<5x8xf32>, %b: tensor<37xf32>) -> tensor<37xf32> {
  %ue = tensor.empty() : tensor<37xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %ue : tensor<5x8xf32> -> tensor<37xf32>
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.add ins(%u, %b : tensor<37xf32>, tensor<37xf32>) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  return %r : tensor<37xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops = transform.structured.fuse %0 tile_sizes [15]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
