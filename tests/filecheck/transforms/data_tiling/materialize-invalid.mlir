// What xfuse-materialize-encoding refuses (an error with the op's location), an unknown target
// (encodings dropped, with a warning), and encoded function arguments.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-materialize-encoding{target=x86_64-avx2}' | filecheck %s
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-materialize-encoding{target=pentium4}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not xfuse-opt %s --split-input-file -p 'xfuse-materialize-encoding{tile-sizes=8,8}' 2>&1 | filecheck %s --check-prefix=TILES

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @encoded_argument(%arg0: tensor<8x4xf32, #lhs>) -> tensor<8x4xf32> {
  %0 = iree_encoding.unset_encoding %arg0 : tensor<8x4xf32, #lhs> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
// UNKNOWN: warning: xfuse-materialize-encoding: unknown target 'pentium4' (known: host, x86_64-avx512, x86_64-avx512vnni, x86_64-avx2, x86_64-sse, aarch64, aarch64-dotprod, aarch64-i8mm): encodings dropped
// TILES: error: xfuse-materialize-encoding: tile-sizes must be three positive sizes M0,N0,K0, got [8, 8]
// Encoded function arguments are materialized too (packed, or plain when dropped).
// CHECK-LABEL: func.func @encoded_argument(%arg0: tensor<1x4x8x1xf32>) -> tensor<8x4xf32>
// CHECK:         linalg.unpack %arg0 outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %{{.+}} : tensor<1x4x8x1xf32> -> tensor<8x4xf32>
// UNKNOWN-LABEL: func.func @encoded_argument(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32>
// UNKNOWN-NEXT:    func.return %arg0

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @dynamic_unset_without_sizes(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<?x4xf32> -> tensor<?x4xf32, #out>
  // CHECK: materialize-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: xfuse-materialize-encoding: an unset_encoding with a dynamic result needs its sizes (`-> tensor<?x...> {%d0, ...}`, as xfuse-set-encoding writes it)
  %1 = iree_encoding.unset_encoding %0 : tensor<?x4xf32, #out> -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @unsupported_user(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32, #lhs> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<8x4xf32> -> tensor<8x4xf32, #lhs>
  // CHECK: materialize-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: xfuse-materialize-encoding: cannot materialize an op using encoded tensors (only set_encoding, unset_encoding, contractions, tensor.empty, linalg.fill and elementwise generics are supported)
  %1 = "test.op"(%0) : (tensor<8x4xf32, #lhs>) -> tensor<8x4xf32, #lhs>
  return %1 : tensor<8x4xf32, #lhs>
}

// -----

// An encoding without user_indexing_maps (older IREE tests) says nothing about the contraction.
func.func @no_maps(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>> {
  // CHECK: materialize-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: xfuse-materialize-encoding: cannot materialize this encoding: the encoding has no user_indexing_maps
  %0 = iree_encoding.set_encoding %arg0 : tensor<8x4xf32> -> tensor<8x4xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
  return %0 : tensor<8x4xf32, #iree_encoding.encoding<operand_index = 0, element_types = [f32, f32, f32]>>
}

// -----

// The positive control: with a known target it is packed, with an unknown one it stays plain.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
// CHECK-LABEL: func.func @control
// CHECK: linalg.mmt4d
// UNKNOWN-LABEL: func.func @control
// UNKNOWN-NEXT: %[[MM:.+]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<8x8xf32>) -> tensor<8x8xf32>
// UNKNOWN-NEXT: func.return %[[MM]]
func.func @control(%arg0: tensor<8x4xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = iree_encoding.set_encoding %arg0 : tensor<8x4xf32> -> tensor<8x4xf32, #lhs>
  %1 = iree_encoding.set_encoding %arg1 : tensor<4x8xf32> -> tensor<4x8xf32, #rhs>
  %2 = iree_encoding.set_encoding %arg2 : tensor<8x8xf32> -> tensor<8x8xf32, #out>
  %3 = linalg.matmul ins(%0, %1 : tensor<8x4xf32, #lhs>, tensor<4x8xf32, #rhs>) outs(%2 : tensor<8x8xf32, #out>) -> tensor<8x8xf32, #out>
  %4 = iree_encoding.unset_encoding %3 : tensor<8x8xf32, #out> -> tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// An elementwise op on encoded tensors whose layout pads (M = 30 on 8-row tiles): the padding
// would hold f(0) = 1 here, not 0.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @elementwise_padded(%x: tensor<30x8xf32>) -> tensor<30x8xf32> {
  %0 = iree_encoding.set_encoding %x : tensor<30x8xf32> -> tensor<30x8xf32, #out>
  %e = tensor.empty() : tensor<30x8xf32, #out>
  // CHECK: materialize-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: xfuse-materialize-encoding: an elementwise op on encoded tensors whose layout pads is not supported (the padding would hold f(0), not 0)
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<30x8xf32, #out>) outs(%e : tensor<30x8xf32, #out>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<30x8xf32, #out>
  %2 = iree_encoding.unset_encoding %1 : tensor<30x8xf32, #out> -> tensor<30x8xf32>
  return %2 : tensor<30x8xf32>
}
