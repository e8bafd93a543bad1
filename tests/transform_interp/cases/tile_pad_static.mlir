// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-pad-using-interface.mlir
// (@static_pad_tensor with the "pad_2dtiling" sizes [2, 3], and @static_pad_tensor_inner_tiling,
// [0, 3]): tensor.pad tiled with scf.for; tiles inside the padding take the guard's branch.
func.func @static_pad_tensor(%input_tensor: tensor<7x9xf32>, %pad_value: f32) -> (tensor<15x16xf32>, tensor<15x16xf32>) {
  %0 = tensor.pad %input_tensor low[3, 4] high[5, 3] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %pad_value : f32
    } : tensor<7x9xf32> to tensor<15x16xf32>
  %1 = tensor.pad %input_tensor low[3, 4] high[5, 3] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %pad_value : f32
    } {inner} : tensor<7x9xf32> to tensor<15x16xf32>
  return %0, %1 : tensor<15x16xf32>, tensor<15x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %pads = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %outer, %inner = transform.split_handle %pads : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a, %loops:2 = transform.structured.tile_using_for %outer tile_sizes [2, 3]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b, %loop = transform.structured.tile_using_for %inner tile_sizes [0, 3]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
