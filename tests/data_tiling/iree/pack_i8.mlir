// Adapted from github.com/iree-org/iree tests/e2e/linalg/pack_i8.mlir (commit b48a595): its four
// AVX-512 VNNI packs (16x2 tiles of A and of B, with and without padding), the source an
// argument instead of the generated one, the pack returned instead of compared with IREE's
// expand_shape + transpose.

func.func @static_pack_vnni_lhs_large(%source: tensor<128x256xi8>) -> tensor<8x128x16x2xi8> {
  %init_pack = tensor.empty() : tensor<8x128x16x2xi8>
  %pack = linalg.pack %source outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 2] into %init_pack : tensor<128x256xi8> -> tensor<8x128x16x2xi8>
  return %pack : tensor<8x128x16x2xi8>
}
func.func @static_pack_vnni_rhs_large(%source: tensor<256x512xi8>) -> tensor<32x128x16x2xi8> {
  %init_pack = tensor.empty() : tensor<32x128x16x2xi8>
  %pack = linalg.pack %source outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 2] into %init_pack : tensor<256x512xi8> -> tensor<32x128x16x2xi8>
  return %pack : tensor<32x128x16x2xi8>
}
func.func @static_pack_vnni_lhs_large_with_pad(%source: tensor<127x255xi8>) -> tensor<8x128x16x2xi8> {
  %c0_i8 = arith.constant 0 : i8
  %init_pack = tensor.empty() : tensor<8x128x16x2xi8>
  %pack = linalg.pack %source padding_value(%c0_i8 : i8) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 2] into %init_pack : tensor<127x255xi8> -> tensor<8x128x16x2xi8>
  return %pack : tensor<8x128x16x2xi8>
}
func.func @static_pack_vnni_rhs_large_with_pad(%source: tensor<255x511xi8>) -> tensor<32x128x16x2xi8> {
  %c0_i8 = arith.constant 0 : i8
  %init_pack = tensor.empty() : tensor<32x128x16x2xi8>
  %pack = linalg.pack %source padding_value(%c0_i8 : i8) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 2] into %init_pack : tensor<255x511xi8> -> tensor<32x128x16x2xi8>
  return %pack : tensor<32x128x16x2xi8>
}
