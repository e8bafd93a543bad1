// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-pad-using-interface.mlir
// (@dynamic_2d_pad_tensor) with the tile size of d0 given by a payload value (%n + 1):
// the pad of a dynamic tensor tiled [%sz, 3].
func.func @dynamic_2d_pad_tensor(%input_tensor: tensor<?x?xf32>, %pad_value: f32, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  %0 = tensor.pad %input_tensor low[3, 4] high[5, 3] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %pad_value : f32
    } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %sz = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %loops:2 = transform.structured.tile_using_for %pad tile_sizes [%sz, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
