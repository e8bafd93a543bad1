// Verifier errors of linalg.pack / linalg.unpack; the messages are MLIR 22's (checked with
// mlir-opt by with-mlir/dialects/linalg/pack-invalid-messages.mlir).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @no_padding_partial_tile(%s: tensor<13x15xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<13x15xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set
// MLIR: error: {{.*}}invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set

// -----

func.func @tile_count(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: tiling factors must equal the number of dimensions to tile
// MLIR: error: {{.*}}tiling factors must equal the number of dimensions to tile

// -----

func.func @repeated_inner_dim(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 0] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: invalid inner_dims_pos vector
// MLIR: error: {{.*}}invalid inner_dims_pos vector

// -----

func.func @inner_dim_out_of_range(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 2] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: invalid inner_dims_pos vector
// MLIR: error: {{.*}}invalid inner_dims_pos vector

// -----

func.func @outer_perm_repeated(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s outer_dims_perm = [0, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: invalid outer_dims_perm vector
// MLIR: error: {{.*}}invalid outer_dims_perm vector

// -----

func.func @outer_perm_short(%s: tensor<16x16xf32>, %d: tensor<4x2x8x4xf32>) -> tensor<4x2x8x4xf32> {
  %0 = linalg.pack %s outer_dims_perm = [1] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}
// CHECK: outer_dims_perm must be a permutation or empty
// MLIR: error: {{.*}}outer_dims_perm must be a permutation or empty

// -----

func.func @zero_tile(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 0] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: invalid zero tile factor
// MLIR: error: {{.*}}invalid zero tile factor

// -----

func.func @padding_type(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>, %p: f64) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s padding_value(%p : f64) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: expected padding_value has 'f32' but got: 'f64'
// MLIR: error: {{.*}}expected padding_value has 'f32' but got: 'f64'

// -----

func.func @packed_rank(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4x1xf32>) -> tensor<2x4x8x4x1xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x4x1xf32>
  return %0 : tensor<2x4x8x4x1xf32>
}
// CHECK: packed rank != (unpacked rank + num tiling factors), got 5 != 4
// MLIR: error: {{.*}}packed rank != (unpacked rank + num tiling factors), got 5 != 4

// -----

func.func @static_tile_dynamic_dim(%s: tensor<16x16xf32>, %d: tensor<2x4x8x?xf32>) -> tensor<2x4x8x?xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<2x4x8x?xf32>
  return %0 : tensor<2x4x8x?xf32>
}
// CHECK: mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type
// MLIR: error: {{.*}}mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type

// -----

func.func @dynamic_tile_static_dim(%s: tensor<16x16xf32>, %d: tensor<2x4x8x4xf32>, %t: index) -> tensor<2x4x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}
// CHECK: mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type
// MLIR: error: {{.*}}mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type

// -----

func.func @wrong_outer_dims(%s: tensor<16x16xf32>, %d: tensor<4x2x8x4xf32>) -> tensor<4x2x8x4xf32> {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x16xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}
// CHECK: expected 'tensor<2x4x8x4xf32>' for the packed domain value, got 'tensor<4x2x8x4xf32>'
// MLIR: error: {{.*}}expected 'tensor<2x4x8x4xf32>' for the packed domain value, got 'tensor<4x2x8x4xf32>'

// -----

func.func @unpack_wrong_outer_dims(%s: tensor<2x4x8x4xf32>, %d: tensor<17x15xf32>) -> tensor<17x15xf32> {
  %0 = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<2x4x8x4xf32> -> tensor<17x15xf32>
  return %0 : tensor<17x15xf32>
}
// CHECK: expected 'tensor<3x4x8x4xf32>' for the packed domain value, got 'tensor<2x4x8x4xf32>'
// MLIR: error: {{.*}}expected 'tensor<3x4x8x4xf32>' for the packed domain value, got 'tensor<2x4x8x4xf32>'

// -----

func.func @unpack_zero_tile(%s: tensor<2x4x8x4xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [0, 4] into %d : tensor<2x4x8x4xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
// CHECK: invalid zero tile factor
// MLIR: error: {{.*}}invalid zero tile factor

// -----

func.func @unpack_perm(%s: tensor<2x4x8x4xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.unpack %s outer_dims_perm = [2, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<2x4x8x4xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
// CHECK: invalid outer_dims_perm vector
// MLIR: error: {{.*}}invalid outer_dims_perm vector
