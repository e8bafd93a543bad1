// Inputs of IREE's Codegen/Common/test/materialize_encoding_x86_64.mlir (the
// `hal.executable.target` attributes removed: the target is the pass option here), through
// xfuse-materialize-encoding: encoded function arguments and results become packed ones,
// `encoding_dims` are accepted, batch matmul layouts.
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-materialize-encoding{target=x86_64-avx2}' | filecheck %s
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-materialize-encoding{target=x86_64-sse}' | filecheck %s --check-prefix=SSE

// CHECK-LABEL: func.func @set_encoding_7x7x7_matmul_LHS(%0: tensor<7x7xf32>) -> tensor<1x7x8x1xf32>
// CHECK:         %[[P:.+]] = linalg.pack %0 padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %{{.+}} : tensor<7x7xf32> -> tensor<1x7x8x1xf32>
// CHECK:         func.return %[[P]]
// CHECK-LABEL: func.func @set_encoding_128x80x32_batch_matmul_LHS(%0: tensor<128x80x32xf32>, %k: index) -> tensor<128x10x32x8x1xf32>
// CHECK:         linalg.pack %0 {{.*}} outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 1] {{.*}} -> tensor<128x10x32x8x1xf32>
// CHECK-LABEL: func.func @set_encoding_128x32x320_batch_matmul_RHS(%0: tensor<128x32x320xf32>, %k: index) -> tensor<128x40x32x8x1xf32>
// CHECK:         linalg.pack %0 {{.*}} outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [8, 1] {{.*}} -> tensor<128x40x32x8x1xf32>
// CHECK-LABEL: func.func @unset_encoding_128x80x320_batch_matmul_RESULT(%arg0: tensor<128x10x40x8x8xf32>, %k: index) -> tensor<128x80x320xf32>
// CHECK:         linalg.unpack %arg0 outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %{{.+}} : tensor<128x10x40x8x8xf32> -> tensor<128x80x320xf32>
// CHECK-LABEL: func.func @matmul_lowering_f32f32f32_x86_64_avx2(%0: tensor<?x?x8x1xf32>, %1: tensor<?x?x8x1xf32>, %2: tensor<?x?x8x8xf32>) -> tensor<?x?x8x8xf32>
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins(%0, %1 : tensor<?x?x8x1xf32>, tensor<?x?x8x1xf32>) outs(%2 : tensor<?x?x8x8xf32>) -> tensor<?x?x8x8xf32>
// CHECK:         func.return %[[MM]]
// SSE-LABEL: func.func @matmul_lowering_f32f32f32_x86_64(%0: tensor<?x?x8x1xf32>, %1: tensor<?x?x4x1xf32>, %2: tensor<?x?x8x4xf32>) -> tensor<?x?x8x4xf32>
// SSE:         linalg.mmt4d ins(%0, %1 : tensor<?x?x8x1xf32>, tensor<?x?x4x1xf32>) outs(%2 : tensor<?x?x8x4xf32>)

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [7, 7, 7]>
func.func @set_encoding_7x7x7_matmul_LHS(%14: tensor<7x7xf32>) -> tensor<7x7xf32, #encoding> {
  %17 = iree_encoding.set_encoding %14 : tensor<7x7xf32> -> tensor<7x7xf32, #encoding>
  return %17 : tensor<7x7xf32, #encoding>
}

// -----

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#encoding = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [128, 80, 32, ?]>
func.func @set_encoding_128x80x32_batch_matmul_LHS(%14: tensor<128x80x32xf32>, %k: index) -> tensor<128x80x32xf32, #encoding> {
  %17 = iree_encoding.set_encoding %14 encoding_dims{%k} : tensor<128x80x32xf32> -> tensor<128x80x32xf32, #encoding>
  return %17 : tensor<128x80x32xf32, #encoding>
}

// -----

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#encoding = #iree_encoding.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [128, 32, 320, ?]>
func.func @set_encoding_128x32x320_batch_matmul_RHS(%16: tensor<128x32x320xf32>, %k: index) -> tensor<128x32x320xf32, #encoding> {
  %19 = iree_encoding.set_encoding %16 encoding_dims{%k} : tensor<128x32x320xf32> -> tensor<128x32x320xf32, #encoding>
  return %19 : tensor<128x32x320xf32, #encoding>
}

// -----

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#encoding = #iree_encoding.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [128, 80, 320, ?]>
func.func @unset_encoding_128x80x320_batch_matmul_RESULT(%arg0: tensor<128x80x320xf32, #encoding>, %k: index) -> tensor<128x80x320xf32> {
  %0 = iree_encoding.unset_encoding %arg0 encoding_dims{%k} : tensor<128x80x320xf32, #encoding> -> tensor<128x80x320xf32>
  return %0 : tensor<128x80x320xf32>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding_lhs = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
#encoding_rhs = #iree_encoding.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
#encoding_result = #iree_encoding.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
func.func @matmul_lowering_f32f32f32_x86_64(
  %3: tensor<?x?xf32, #encoding_lhs>,
  %4: tensor<?x?xf32, #encoding_rhs>,
  %5: tensor<?x?xf32, #encoding_result>
) -> tensor<?x?xf32, #encoding_result> {
  %6 = linalg.matmul
      ins(%3, %4 : tensor<?x?xf32, #encoding_lhs>,
                   tensor<?x?xf32, #encoding_rhs>)
      outs(%5 : tensor<?x?xf32, #encoding_result>)
      -> tensor<?x?xf32, #encoding_result>
  return %6 : tensor<?x?xf32, #encoding_result>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding_lhs = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
#encoding_rhs = #iree_encoding.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
#encoding_result = #iree_encoding.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
func.func @matmul_lowering_f32f32f32_x86_64_avx2(
  %3: tensor<?x?xf32, #encoding_lhs>,
  %4: tensor<?x?xf32, #encoding_rhs>,
  %5: tensor<?x?xf32, #encoding_result>
) -> tensor<?x?xf32, #encoding_result> {
  %6 = linalg.matmul
      ins(%3, %4 : tensor<?x?xf32, #encoding_lhs>,
                   tensor<?x?xf32, #encoding_rhs>)
      outs(%5 : tensor<?x?xf32, #encoding_result>)
      -> tensor<?x?xf32, #encoding_result>
  return %6 : tensor<?x?xf32, #encoding_result>
}
