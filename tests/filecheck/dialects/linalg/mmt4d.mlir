// linalg.mmt4d, linalg.batch_mmt4d, linalg.batch_matmul round trips through xfuse-opt.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

#ta = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#tb = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#tc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// CHECK-LABEL: func.func @mmt4d
func.func @mmt4d(%a: tensor<2x3x4x5xf32>, %b: tensor<6x3x7x5xf32>, %c: tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%c : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  return %0 : tensor<2x6x4x7xf32>
}
// CHECK: linalg.mmt4d ins(%{{.*}}, %{{.*}} : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%{{.*}} : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
// GENERIC: "linalg.mmt4d"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// GENERIC-NEXT: %[[M:.*]] = "arith.mulf"(%[[A]], %[[B]])
// GENERIC-NEXT: %[[S:.*]] = "arith.addf"(%[[C]], %[[M]])
// GENERIC-NEXT: "linalg.yield"(%[[S]])

// CHECK-LABEL: func.func @mmt4d_mixed
func.func @mmt4d_mixed(%a: tensor<2x3x4x5xi8>, %b: tensor<6x3x7x5xi8>, %c: tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32> {
  %0 = linalg.mmt4d {some.attr} ins(%a, %b : tensor<2x3x4x5xi8>, tensor<6x3x7x5xi8>) outs(%c : tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32>
  return %0 : tensor<2x6x4x7xi32>
}
// CHECK: linalg.mmt4d {some.attr} ins(%{{.*}}, %{{.*}} : tensor<2x3x4x5xi8>, tensor<6x3x7x5xi8>) outs(%{{.*}} : tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32>
// GENERIC: "linalg.mmt4d"
// GENERIC-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i32):
// GENERIC-NEXT: %[[EA:.*]] = "arith.extsi"(%[[A]]) : (i8) -> i32
// GENERIC-NEXT: %[[EB:.*]] = "arith.extsi"(%[[B]]) : (i8) -> i32
// GENERIC-NEXT: %[[M:.*]] = "arith.muli"(%[[EA]], %[[EB]])
// GENERIC-NEXT: %[[S:.*]] = "arith.addi"(%[[C]], %[[M]])

// CHECK-LABEL: func.func @batch_mmt4d
func.func @batch_mmt4d(%a: tensor<9x2x3x4x5xf16>, %b: tensor<9x6x3x7x5xf16>, %c: tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32> {
  %0 = linalg.batch_mmt4d ins(%a, %b : tensor<9x2x3x4x5xf16>, tensor<9x6x3x7x5xf16>) outs(%c : tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32>
  return %0 : tensor<9x2x6x4x7xf32>
}
// CHECK: linalg.batch_mmt4d ins(%{{.*}}, %{{.*}} : tensor<9x2x3x4x5xf16>, tensor<9x6x3x7x5xf16>) outs(%{{.*}} : tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32>
// GENERIC: "linalg.batch_mmt4d"
// GENERIC-NEXT: ^bb0
// GENERIC-NEXT: "arith.extf"

// CHECK-LABEL: func.func @batch_matmul
func.func @batch_matmul(%a: tensor<9x4x5xf32>, %b: tensor<9x5x6xf32>, %c: tensor<9x4x6xf32>, %at: tensor<9x5x4xf32>,
                        %ma: memref<9x4x5xf32>, %mb: memref<9x5x6xf32>, %mc: memref<9x4x6xf32>,
                        %ia: tensor<9x4x5xi8>, %ib: tensor<9x5x6xi8>, %ic: tensor<9x4x6xi32>) -> (tensor<9x4x6xf32>, tensor<9x4x6xf32>, tensor<9x4x6xi32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<9x4x5xf32>, tensor<9x5x6xf32>) outs(%c : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
  %1 = linalg.batch_matmul indexing_maps = [#ta, #tb, #tc] ins(%at, %b : tensor<9x5x4xf32>, tensor<9x5x6xf32>) outs(%c : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
  linalg.batch_matmul ins(%ma, %mb : memref<9x4x5xf32>, memref<9x5x6xf32>) outs(%mc : memref<9x4x6xf32>)
  %2 = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ia, %ib : tensor<9x4x5xi8>, tensor<9x5x6xi8>) outs(%ic : tensor<9x4x6xi32>) -> tensor<9x4x6xi32>
  return %0, %1, %2 : tensor<9x4x6xf32>, tensor<9x4x6xf32>, tensor<9x4x6xi32>
}
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<9x4x5xf32>, tensor<9x5x6xf32>) outs(%{{.*}} : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
// CHECK: linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%{{.*}}, %{{.*}} : tensor<9x5x4xf32>, tensor<9x5x6xf32>) outs(%{{.*}} : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<9x4x5xf32>, memref<9x5x6xf32>) outs(%{{.*}} : memref<9x4x6xf32>)
// CHECK-NOT: ->
// CHECK: linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(
// GENERIC: "linalg.batch_matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]}>
// GENERIC: "linalg.batch_matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{
// GENERIC-SAME: indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>,
// GENERIC: "linalg.batch_matmul"
// GENERIC: "linalg.batch_matmul"
// GENERIC: "arith.extui"
// GENERIC-NEXT: "arith.extui"
