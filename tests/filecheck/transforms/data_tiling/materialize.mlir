// xfuse-materialize-encoding on IREE-style encoded IR (set_encoding / contraction on encoded
// tensors / unset_encoding), with the CPU tile table.
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-materialize-encoding{target=x86_64-avx512}' 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=WARN < %t.err

// An encoded matmul as IREE's GlobalOptimization/test/set_encoding.mlir writes it (static sizes).
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [100, 500, 250]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [100, 500, 250]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [100, 500, 250]>
// CHECK-LABEL: func.func @matmul_f32f32f32
// CHECK:         %[[L:.+]] = linalg.pack %arg0 padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 1] into %{{.+}} : tensor<100x250xf32> -> tensor<7x250x16x1xf32>
// CHECK:         %[[R:.+]] = linalg.pack %arg1 padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 1] into %{{.+}} : tensor<250x500xf32> -> tensor<32x250x16x1xf32>
// CHECK:         %[[O:.+]] = linalg.pack %arg2 padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %{{.+}} : tensor<100x500xf32> -> tensor<7x32x16x16xf32>
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins(%[[L]], %[[R]] : tensor<7x250x16x1xf32>, tensor<32x250x16x1xf32>) outs(%[[O]] : tensor<7x32x16x16xf32>) -> tensor<7x32x16x16xf32>
// CHECK:         %[[U:.+]] = linalg.unpack %[[MM]] outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %{{.+}} : tensor<7x32x16x16xf32> -> tensor<100x500xf32>
// CHECK:         func.return %[[U]]
// CHECK-NOT:     iree_encoding
func.func @matmul_f32f32f32(%arg0: tensor<100x250xf32>, %arg1: tensor<250x500xf32>, %arg2: tensor<100x500xf32>) -> tensor<100x500xf32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<100x250xf32> -> tensor<100x250xf32, #lhs>
  %1 = iree_encoding.set_encoding %arg1 : tensor<250x500xf32> -> tensor<250x500xf32, #rhs>
  %2 = iree_encoding.set_encoding %arg2 : tensor<100x500xf32> -> tensor<100x500xf32, #out>
  %3 = linalg.matmul ins(%0, %1 : tensor<100x250xf32, #lhs>, tensor<250x500xf32, #rhs>) outs(%2 : tensor<100x500xf32, #out>) -> tensor<100x500xf32, #out>
  %4 = iree_encoding.unset_encoding %3 : tensor<100x500xf32, #out> -> tensor<100x500xf32>
  return %4 : tensor<100x500xf32>
}

// -----

// Narrow N (N = 3 < 16 and < M): transposed, so that N takes the M role with a 4-row tile; the
// result is packed and unpacked N-major. The fill of an empty tensor is rebuilt packed.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 3, 32]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 3, 32]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 3, 32]>
// CHECK-LABEL: func.func @narrow_n
// CHECK:         %[[L:.+]] = linalg.pack %arg0 {{.*}} inner_dims_pos = [0, 1] inner_tiles = [16, 1] {{.*}} -> tensor<4x32x16x1xf32>
// CHECK:         %[[R:.+]] = linalg.pack %arg1 {{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 1] {{.*}} : tensor<32x3xf32> -> tensor<1x32x4x1xf32>
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<1x4x4x16xf32>
// CHECK:         %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<1x4x4x16xf32>)
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins(%[[R]], %[[L]] : tensor<1x32x4x1xf32>, tensor<4x32x16x1xf32>) outs(%[[F]] : tensor<1x4x4x16xf32>)
// CHECK:         linalg.unpack %[[MM]] outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 16] into %{{.+}} : tensor<1x4x4x16xf32> -> tensor<64x3xf32>
func.func @narrow_n(%arg0: tensor<64x32xf32>, %arg1: tensor<32x3xf32>) -> tensor<64x3xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x3xf32>) -> tensor<64x3xf32>
  %0 = iree_encoding.set_encoding %arg0 : tensor<64x32xf32> -> tensor<64x32xf32, #lhs>
  %1 = iree_encoding.set_encoding %arg1 : tensor<32x3xf32> -> tensor<32x3xf32, #rhs>
  %2 = iree_encoding.set_encoding %f : tensor<64x3xf32> -> tensor<64x3xf32, #out>
  %3 = linalg.matmul ins(%0, %1 : tensor<64x32xf32, #lhs>, tensor<32x3xf32, #rhs>) outs(%2 : tensor<64x3xf32, #out>) -> tensor<64x3xf32, #out>
  %4 = iree_encoding.unset_encoding %3 : tensor<64x3xf32, #out> -> tensor<64x3xf32>
  return %4 : tensor<64x3xf32>
}

// -----

// Batch matmul, i8 x i8 -> i32 (AVX-512: 16x16x2): linalg.batch_mmt4d.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 32, 48, 64]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 32, 48, 64]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 32, 48, 64]>
// CHECK-LABEL: func.func @batch_matmul_i8
// CHECK:         linalg.pack %arg0 padding_value(%{{.+}} : i8) outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [16, 2] {{.*}} -> tensor<2x2x32x16x2xi8>
// CHECK:         linalg.pack %arg1 padding_value(%{{.+}} : i8) outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [16, 2] {{.*}} -> tensor<2x3x32x16x2xi8>
// CHECK:         linalg.batch_mmt4d ins({{.*}} : tensor<2x2x32x16x2xi8>, tensor<2x3x32x16x2xi8>) outs({{.*}} : tensor<2x2x3x16x16xi32>)
// CHECK:         linalg.unpack
func.func @batch_matmul_i8(%arg0: tensor<2x32x64xi8>, %arg1: tensor<2x64x48xi8>, %arg2: tensor<2x32x48xi32>) -> tensor<2x32x48xi32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<2x32x64xi8> -> tensor<2x32x64xi8, #lhs>
  %1 = iree_encoding.set_encoding %arg1 : tensor<2x64x48xi8> -> tensor<2x64x48xi8, #rhs>
  %2 = iree_encoding.set_encoding %arg2 : tensor<2x32x48xi32> -> tensor<2x32x48xi32, #out>
  %3 = linalg.batch_matmul ins(%0, %1 : tensor<2x32x64xi8, #lhs>, tensor<2x64x48xi8, #rhs>) outs(%2 : tensor<2x32x48xi32, #out>) -> tensor<2x32x48xi32, #out>
  %4 = iree_encoding.unset_encoding %3 : tensor<2x32x48xi32, #out> -> tensor<2x32x48xi32>
  return %4 : tensor<2x32x48xi32>
}

// -----

// f16 has no tile in the table: the encodings are dropped and a warning says so.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f16], user_indexing_maps = [#map, #map1, #map2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f16], user_indexing_maps = [#map, #map1, #map2]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f16], user_indexing_maps = [#map, #map1, #map2]>
// CHECK-LABEL: func.func @dropped_f16
// CHECK:         %[[MM:.+]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x4xf16>, tensor<4x8xf16>) outs(%arg2 : tensor<8x8xf16>) -> tensor<8x8xf16>
// CHECK:         func.return %[[MM]]
// WARN: warning: xfuse-materialize-encoding: no data-tiling tile for element types [f16, f16, f16] on target 'x86_64-avx512': encoding dropped
func.func @dropped_f16(%arg0: tensor<8x4xf16>, %arg1: tensor<4x8xf16>, %arg2: tensor<8x8xf16>) -> tensor<8x8xf16> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<8x4xf16> -> tensor<8x4xf16, #lhs>
  %1 = iree_encoding.set_encoding %arg1 : tensor<4x8xf16> -> tensor<4x8xf16, #rhs>
  %2 = iree_encoding.set_encoding %arg2 : tensor<8x8xf16> -> tensor<8x8xf16, #out>
  %3 = linalg.matmul ins(%0, %1 : tensor<8x4xf16, #lhs>, tensor<4x8xf16, #rhs>) outs(%2 : tensor<8x8xf16, #out>) -> tensor<8x8xf16, #out>
  %4 = iree_encoding.unset_encoding %3 : tensor<8x8xf16, #out> -> tensor<8x8xf16>
  return %4 : tensor<8x8xf16>
}

// -----

// Encodings propagated to an empty, a fill and an elementwise consumer (IREE's form after
// propagation): their packed forms; the elementwise generic keeps identity maps over packed dims.
// CHECK-LABEL: func.func @matmul_bias_relu
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<2x3x16x16xf32>
// CHECK:         %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<2x3x16x16xf32>)
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins({{.*}}) outs(%[[F]] : tensor<2x3x16x16xf32>)
// CHECK:         %[[BIAS:.+]] = linalg.pack %bias {{.*}} inner_tiles = [16, 16] {{.*}} -> tensor<2x3x16x16xf32>
// CHECK:         %[[E2:.+]] = tensor.empty() : tensor<2x3x16x16xf32>
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[MM]], %[[BIAS]] : tensor<2x3x16x16xf32>, tensor<2x3x16x16xf32>) outs(%[[E2]] : tensor<2x3x16x16xf32>)
// CHECK:         linalg.unpack %[[R]] outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 16] {{.*}} -> tensor<32x48xf32>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_bias_relu(%a: tensor<32x20xf32>, %b: tensor<20x48xf32>, %bias: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = iree_encoding.set_encoding %a : tensor<32x20xf32> -> tensor<32x20xf32, #lhs>
  %1 = iree_encoding.set_encoding %b : tensor<20x48xf32> -> tensor<20x48xf32, #rhs>
  %e = tensor.empty() : tensor<32x48xf32, #out>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<32x48xf32, #out>) -> tensor<32x48xf32, #out>
  %mm = linalg.matmul ins(%0, %1 : tensor<32x20xf32, #lhs>, tensor<20x48xf32, #rhs>) outs(%f : tensor<32x48xf32, #out>) -> tensor<32x48xf32, #out>
  %bias_e = iree_encoding.set_encoding %bias : tensor<32x48xf32> -> tensor<32x48xf32, #out>
  %e2 = tensor.empty() : tensor<32x48xf32, #out>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias_e : tensor<32x48xf32, #out>, tensor<32x48xf32, #out>) outs(%e2 : tensor<32x48xf32, #out>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %cst : f32
    linalg.yield %m : f32
  } -> tensor<32x48xf32, #out>
  %u = iree_encoding.unset_encoding %r : tensor<32x48xf32, #out> -> tensor<32x48xf32>
  return %u : tensor<32x48xf32>
}
