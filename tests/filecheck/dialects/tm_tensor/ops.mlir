// torch-mlir's tm_tensor ops, in the form torch-mlir prints them, read and printed back unchanged
// (the input is also accepted by torch-mlir-opt: checked when this file was written).
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s

// CHECK-LABEL: func.func @cumsum
// CHECK:      %{{.*}}, %{{.*}} = tm_tensor.scan dimension(1) inclusive(true) ins(%{{.*}} : tensor<2x5xf32>) outs(%{{.*}}, %{{.*}} : tensor<2x5xf32>, tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:   tm_tensor.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<2x5xf32>, tensor<2xf32>
func.func @cumsum(%x: tensor<2x5xf32>, %out: tensor<2x5xf32>, %acc: tensor<2xf32>) -> tensor<2x5xf32> {
  %0:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x5xf32>) outs(%out, %acc : tensor<2x5xf32>, tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<2x5xf32>, tensor<2xf32>
  return %0#0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @exclusive_int_scan
// CHECK: tm_tensor.scan dimension(0) inclusive(false) ins(%{{.*}} : tensor<?xi64>) outs(%{{.*}}, %{{.*}} : tensor<?xi64>, tensor<i64>) {
// CHECK: } -> tensor<?xi64>, tensor<i64>
func.func @exclusive_int_scan(%x: tensor<?xi64>, %out: tensor<?xi64>, %acc: tensor<i64>) -> tensor<?xi64> {
  %0:2 = tm_tensor.scan dimension(0) inclusive(false) ins(%x : tensor<?xi64>) outs(%out, %acc : tensor<?xi64>, tensor<i64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.muli %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<?xi64>, tensor<i64>
  return %0#0 : tensor<?xi64>
}

// CHECK-LABEL: func.func @scatter_add
// CHECK:      tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%{{.*}}, %{{.*}} : tensor<6xf32>, tensor<6x2xi64>) outs(%{{.*}} : tensor<3x5xf32>) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK:      } -> tensor<3x5xf32>
func.func @scatter_add(%orig: tensor<3x5xf32>, %i: tensor<6x2xi64>, %u: tensor<6xf32>) -> tensor<3x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%u, %i : tensor<6xf32>, tensor<6x2xi64>) outs(%orig : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// A slice update (ScatterND: whole rows), unique indices by default.
// CHECK-LABEL: func.func @scatter_rows
// CHECK: tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%{{.*}}, %{{.*}} : tensor<2x5xf32>, tensor<2x1xi32>) outs(%{{.*}} : tensor<4x5xf32>) {
func.func @scatter_rows(%orig: tensor<4x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%u, %i : tensor<2x5xf32>, tensor<2x1xi32>) outs(%orig : tensor<4x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @sort_with_indices
// CHECK:      tm_tensor.sort dimension(1) outs(%{{.*}}, %{{.*}} : tensor<3x5xf32>, tensor<3x5xi64>) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i64, %{{.*}}: i64):
// CHECK:        tm_tensor.yield %{{.*}} : i1
// CHECK-NEXT: } -> tensor<3x5xf32>, tensor<3x5xi64>
func.func @sort_with_indices(%x: tensor<3x5xf32>, %i: tensor<3x5xi64>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %0:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<3x5xf32>, tensor<3x5xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64, %d: i64):
    %p = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x5xf32>, tensor<3x5xi64>
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// CHECK-LABEL: func.func @topk
// CHECK:      tm_tensor.topk dimension(1) ins(%{{.*}} : tensor<3x10xf32>) outs(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<3x4xi32>) {
// CHECK:      } -> tensor<3x4xf32>, tensor<3x4xi32>
func.func @topk(%x: tensor<3x10xf32>, %v: tensor<3x4xf32>, %i: tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = tm_tensor.topk dimension(1) ins(%x : tensor<3x10xf32>) outs(%v, %i : tensor<3x4xf32>, tensor<3x4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x4xf32>, tensor<3x4xi32>
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

// On memrefs: no results.
// CHECK-LABEL: func.func @sort_memref
// CHECK: tm_tensor.sort dimension(0) outs(%{{.*}} : memref<8xi32>) {
// CHECK: }{{$}}
func.func @sort_memref(%x: memref<8xi32>) {
  tm_tensor.sort dimension(0) outs(%x : memref<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %p = arith.cmpi slt, %a, %b : i32
    tm_tensor.yield %p : i1
  }
  return
}
