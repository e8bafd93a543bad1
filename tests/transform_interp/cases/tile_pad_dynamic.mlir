// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-pad-using-interface.mlir
// (@dynamic_2d_pad_tensor): a pad of a dynamic tensor tiled [2, 3]; the loop bounds come from
// the source's dimensions plus the padding.
func.func @dynamic_2d_pad_tensor(%input_tensor: tensor<?x?xf32>, %pad_value: f32) -> tensor<?x?xf32> {
  %0 = tensor.pad %input_tensor low[3, 4] high[5, 3] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %pad_value : f32
    } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %loops:2 = transform.structured.tile_using_for %pad tile_sizes [2, 3]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
