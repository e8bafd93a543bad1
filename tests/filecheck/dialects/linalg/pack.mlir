// linalg.pack round trip through xfuse-opt: custom form, generic form, generic parsed back.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @pack_pad_perm
func.func @pack_pad_perm(%src: tensor<13x15xf32>, %dest: tensor<4x2x8x4xf32>, %cst: f32) -> tensor<4x2x8x4xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dest : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}
// CHECK: linalg.pack %{{.*}} padding_value(%{{.*}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
// GENERIC: "linalg.pack"(%{{.*}}, %{{.*}}, %{{.*}}) <{outer_dims_perm = array<i64: 1, 0>, inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 4>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<13x15xf32>, tensor<4x2x8x4xf32>, f32) -> tensor<4x2x8x4xf32>

// CHECK-LABEL: func.func @pack_full_tiles
func.func @pack_full_tiles(%src: tensor<16x12xf32>, %dest: tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %dest {some.attr} : tensor<16x12xf32> -> tensor<2x3x4x8xf32>
  return %0 : tensor<2x3x4x8xf32>
}
// CHECK: linalg.pack %{{.*}} inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %{{.*}} {some.attr} : tensor<16x12xf32> -> tensor<2x3x4x8xf32>
// GENERIC: "linalg.pack"(%{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 1, 0>, static_inner_tiles = array<i64: 4, 8>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> {some.attr} :

// CHECK-LABEL: func.func @pack_dynamic_tiles
func.func @pack_dynamic_tiles(%src: tensor<13x15xf32>, %dest: tensor<?x2x?x8xf32>, %t: index, %cst: f32) -> tensor<?x2x?x8xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [%t, 8] into %dest : tensor<13x15xf32> -> tensor<?x2x?x8xf32>
  return %0 : tensor<?x2x?x8xf32>
}
// CHECK: linalg.pack %{{.*}} padding_value(%{{.*}} : f32) inner_dims_pos = [0, 1] inner_tiles = [%{{.*}}, 8] into %{{.*}} : tensor<13x15xf32> -> tensor<?x2x?x8xf32>
// GENERIC: "linalg.pack"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: -9223372036854775808, 8>, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<13x15xf32>, tensor<?x2x?x8xf32>, f32, index) -> tensor<?x2x?x8xf32>

// CHECK-LABEL: func.func @pack_dynamic_shapes
func.func @pack_dynamic_shapes(%src: tensor<?x?x6xf32>, %dest: tensor<6x?x?x8xf32>, %t: index) -> tensor<6x?x?x8xf32> {
  %0 = linalg.pack %src outer_dims_perm = [2, 1, 0] inner_dims_pos = [1] inner_tiles = [8] into %dest : tensor<?x?x6xf32> -> tensor<6x?x?x8xf32>
  return %0 : tensor<6x?x?x8xf32>
}
// CHECK: linalg.pack %{{.*}} outer_dims_perm = [2, 1, 0] inner_dims_pos = [1] inner_tiles = [8] into %{{.*}} : tensor<?x?x6xf32> -> tensor<6x?x?x8xf32>
