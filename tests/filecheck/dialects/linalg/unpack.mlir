// linalg.unpack round trip through xfuse-opt: custom form, generic form, generic parsed back.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @unpack_perm
func.func @unpack_perm(%p: tensor<4x2x8x4xf32>, %d: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %0 = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %0 : tensor<13x15xf32>
}
// CHECK: linalg.unpack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
// Unpack has a single variadic operand group, hence no operandSegmentSizes.
// GENERIC: "linalg.unpack"(%{{.*}}, %{{.*}}) <{outer_dims_perm = array<i64: 1, 0>, inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 4>}> : (tensor<4x2x8x4xf32>, tensor<13x15xf32>) -> tensor<13x15xf32>

// CHECK-LABEL: func.func @unpack_dynamic
func.func @unpack_dynamic(%p: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) -> tensor<?x?xf32> {
  %0 = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d {some.attr} : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// CHECK: linalg.unpack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, %{{.*}}] into %{{.*}} {some.attr} : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
// GENERIC: "linalg.unpack"(%{{.*}}, %{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, -9223372036854775808>}> {some.attr} : (tensor<?x?x8x?xf32>, tensor<?x?xf32>, index) -> tensor<?x?xf32>
