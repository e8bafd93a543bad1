// iree_encoding ops and #iree_encoding.encoding round trip through xfuse-opt, in custom and
// generic form. Inputs adapted from IREE's Dialect/Encoding/IR/test/roundtrip.mlir and its
// codegen tests (older spellings without op_type, bcast_map, round_dims_to, `?` sizes).
// RUN: xfuse-opt %s --split-input-file | filecheck %s
// RUN: xfuse-opt %s --split-input-file | xfuse-opt --split-input-file | filecheck %s
// RUN: xfuse-opt %s --split-input-file --print-op-generic | xfuse-opt --split-input-file | filecheck %s
// Plain xdsl-opt parses it too (the xdsl.universe entry point contributes the dialect).
// RUN: xdsl-opt %s --split-input-file | filecheck %s

// CHECK-LABEL: func.func @set_encoding_ops(%arg0: tensor<?x?xf32>)
// CHECK: iree_encoding.set_encoding %arg0 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [f32, f32, f32]>>
func.func @set_encoding_ops(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
  return %0 : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
}

// -----

// CHECK-LABEL: func.func @set_encoding_ops_mixed_dynamic_static
// CHECK: iree_encoding.set_encoding %arg0 : tensor<?x10xf32> -> tensor<20x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [i8, i8, i32]>>
func.func @set_encoding_ops_mixed_dynamic_static(%arg0: tensor<?x10xf32>) -> tensor<20x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [i8, i8, i32]>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x10xf32> -> tensor<20x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [i8, i8, i32]>>
  return %0 : tensor<20x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [i8, i8, i32]>>
}

// -----

// CHECK-LABEL: func.func @unset_encoding_ops
// CHECK: iree_encoding.unset_encoding %arg0 : tensor<10x?xf32, #iree_encoding.encoding<operand_index = 1 : i64, element_types = [f32, f32, f32]>> -> tensor<?x20xf32>
func.func @unset_encoding_ops(%arg0: tensor<10x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [f32, f32, f32]>>) -> tensor<?x20xf32> {
  %0 = iree_encoding.unset_encoding %arg0 : tensor<10x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [f32, f32, f32]>> -> tensor<?x20xf32>
  return %0 : tensor<?x20xf32>
}

// -----

// Encoded tensors flow through linalg ops unchanged.
// CHECK-LABEL: func.func @encoding_tensors_with_ops
// CHECK:      %[[LHS:.+]] = iree_encoding.set_encoding %arg0 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : i64
// CHECK:      %[[RHS:.+]] = iree_encoding.set_encoding %arg1
// CHECK:      %[[OUT:.+]] = iree_encoding.set_encoding %arg2
// CHECK:      %[[MM:.+]] = linalg.matmul ins(%[[LHS]], %[[RHS]] : {{.*}}) outs(%[[OUT]] : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2 : i64, element_types = [f32, f32, f32]>>)
// CHECK:      iree_encoding.unset_encoding %[[MM]]
func.func @encoding_tensors_with_ops(%arg0 : tensor<?x?xf32>,
    %arg1 : tensor<?x?xf32>, %arg2 : tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
  %1 = iree_encoding.set_encoding %arg1 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [f32, f32, f32]>>
  %2 = iree_encoding.set_encoding %arg2 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2, element_types = [f32, f32, f32]>>
  %3 = linalg.matmul
      ins(%0, %1 : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>, tensor<?x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [f32, f32, f32]>>)
      outs(%2 : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2, element_types = [f32, f32, f32]>>)
      -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2, element_types = [f32, f32, f32]>>
  %4 = iree_encoding.unset_encoding %3 : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2, element_types = [f32, f32, f32]>> -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

// -----

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @set_encoding_ops_with_indexing_maps
// CHECK: #iree_encoding.encoding<operand_index = 0 : i64, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], bcast_map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>>
func.func @set_encoding_ops_with_indexing_maps(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], bcast_map = #map3>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], bcast_map = #map3>>
  return %0 : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], bcast_map = #map3>>
}

// -----

// The current spelling (op_type, iteration_sizes with `?`), as IREE's codegen tests write it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding = #iree_encoding.encoding<operand_index = 0 : index, op_type =  matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 16, 32]>
// CHECK-LABEL: func.func @op_type_and_iteration_sizes
// CHECK: tensor<?x32xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [?, 16, 32]>>
func.func @op_type_and_iteration_sizes(%arg0: tensor<?x32xf32>) -> tensor<?x32xf32, #encoding> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x32xf32> -> tensor<?x32xf32, #encoding>
  return %0 : tensor<?x32xf32, #encoding>
}

// -----

// round_dims_to (older IREE) and a nested user_indexing_maps entry (IREE's propagated maps).
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @round_dims_to_and_nested_maps
// CHECK: operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1) -> (d1, d0)>], affine_map<(d0, d1, d2) -> (d0, d1)>], round_dims_to = array<i64: 16, 16, 16>
func.func @round_dims_to_and_nested_maps(%arg0: tensor<64x32xf16>) -> tensor<64x32xf16, #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#map, [#map1, #map3], #map2], round_dims_to = array<i64: 16, 16, 16>>> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<64x32xf16> -> tensor<64x32xf16, #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#map, [#map1, #map3], #map2], round_dims_to = array<i64: 16, 16, 16>>>
  return %0 : tensor<64x32xf16, #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#map, [#map1, #map3], #map2], round_dims_to = array<i64: 16, 16, 16>>>
}

// -----

// Newer IREE: dynamic `encoding_dims{...}` on both ops, the result's dynamic sizes after
// unset_encoding's type, and `original_element_type` in the encoding.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding = #iree_encoding.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], original_element_type = i4, user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
// CHECK-LABEL: func.func @encoding_dims
// CHECK:         %0 = iree_encoding.set_encoding %arg0 encoding_dims{%m, %n} : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2 : i64, op_type = matmul, element_types = [f32, f32, f32], original_element_type = i4,
// CHECK:         %1 = iree_encoding.unset_encoding %0 encoding_dims{%m} : tensor<?x?xf32, {{.*}}> -> tensor<?x?xf32> {%m, %n}
func.func @encoding_dims(%arg0: tensor<?x?xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %0 = iree_encoding.set_encoding %arg0 encoding_dims{%m, %n} : tensor<?x?xf32> -> tensor<?x?xf32, #encoding>
  %1 = iree_encoding.unset_encoding %0 encoding_dims{%m} : tensor<?x?xf32, #encoding> -> tensor<?x?xf32>{%m, %n}
  return %1 : tensor<?x?xf32>
}
