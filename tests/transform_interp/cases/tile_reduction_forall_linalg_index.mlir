// Adapted from MLIR test/Interfaces/TilingInterface/tile-and-fuse-with-reduction-tiling.mlir
// (@partial_reduction_with_linalg_index), run with tile_reduction_using_forall by tile_sizes: the
// body reads linalg.index 1, which xfuse offsets by the tile's position.
// NO-MLIR-OPT: mlir-opt 22.1.8 leaves linalg.index relative to the tile (a different result; later MLIR offsets it)
func.func @partial_reduction_with_linalg_index(%arg0 : tensor<8x128xf32>) -> tensor<8xi32> {
  %c0_i32 = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<8xi32>
  %fill = linalg.fill ins(%c0_i32 : i32) outs(%empty : tensor<8xi32>) -> tensor<8xi32>
  %generic = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%arg0 : tensor<8x128xf32>) outs(%fill : tensor<8xi32>) {
    ^bb0(%b0 : f32, %b1 : i32):
      %idx = linalg.index 1 : index
      %idx_i32 = arith.index_cast %idx : index to i32
      %0 = arith.addi %idx_i32, %b1 : i32
      linalg.yield %0 : i32
  } -> tensor<8xi32>
  return %generic : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %2, %3, %loop = transform.structured.tile_reduction_using_forall %0 by tile_sizes = [0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
