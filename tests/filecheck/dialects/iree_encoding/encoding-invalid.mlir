// Verifier and parser errors of iree_encoding ops and #iree_encoding.encoding.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @set_encoding_without_encoding(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
// CHECK: result of set_encoding op expected to have a valid tensor encoding

// -----

func.func @unset_encoding_without_encoding(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = iree_encoding.unset_encoding %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
// CHECK: source of unset_encoding op expected to have a valid tensor encoding

// -----

func.func @shape_change(%arg0: tensor<4x8xf32>) -> tensor<4x9xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<4x8xf32> -> tensor<4x9xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
  return %0 : tensor<4x9xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
}
// CHECK: source and result shapes are incompatible

// -----

func.func @element_type_change(%arg0: tensor<4x8xf32>) -> tensor<4x8xf16, #iree_encoding.encoding<operand_index = 0, element_types = [f16, f16, f32]>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<4x8xf32> -> tensor<4x8xf16, #iree_encoding.encoding<operand_index = 0, element_types = [f16, f16, f32]>>
  return %0 : tensor<4x8xf16, #iree_encoding.encoding<operand_index = 0, element_types = [f16, f16, f32]>>
}
// CHECK: source and result element types differ: f32 vs f16

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @operand_index_out_of_range(%arg0: tensor<4x8xf32, #iree_encoding.encoding<operand_index = 3 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map, #map]>>) {
  return
}
// CHECK: operand_index 3 is out of range of the 3 user_indexing_maps

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @iteration_sizes_rank(%arg0: tensor<4x8xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map, #map], iteration_sizes = [4, 8]>>) {
  return
}
// CHECK: iteration_sizes has 2 entries but the user_indexing_maps have 3 dimensions
