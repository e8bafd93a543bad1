// Input of transforms/lower-pack-unpack.mlir: a pack with a dynamic inner tile, which
// xfuse-lower-pack-unpack refuses (as upstream lower_pack does).
func.func @pack_dynamic_tile(%src: tensor<13x15xf32>, %dest: tensor<2x?x8x?xf32>, %t: index, %cst: f32) -> tensor<2x?x8x?xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dest : tensor<13x15xf32> -> tensor<2x?x8x?xf32>
  return %0 : tensor<2x?x8x?xf32>
}
