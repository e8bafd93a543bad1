// tensor.expand_shape from a 0-d tensor with an empty reassociation verifies, as in MLIR 22
// (xDSL 0.74 wants the reassociation to cover every result dimension); the collapse back too.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s

// CHECK-LABEL: func.func @zero_d(
func.func @zero_d(%s: tensor<f32>, %m: tensor<1x1xf32>) -> (tensor<1x1xf32>, tensor<2x1xf32>, tensor<f32>, tensor<f32>) {
  // CHECK-NEXT: tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %0 = tensor.expand_shape %s [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  // CHECK-NEXT: tensor.expand_shape %{{.*}} [] output_shape [2, 1] : tensor<f32> into tensor<2x1xf32>
  %1 = tensor.expand_shape %s [] output_shape [2, 1] : tensor<f32> into tensor<2x1xf32>
  // CHECK-NEXT: tensor.expand_shape %{{.*}} [] output_shape [] : tensor<f32> into tensor<f32>
  %2 = tensor.expand_shape %s [] output_shape [] : tensor<f32> into tensor<f32>
  // CHECK-NEXT: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
  %3 = tensor.collapse_shape %m [] : tensor<1x1xf32> into tensor<f32>
  return %0, %1, %2, %3 : tensor<1x1xf32>, tensor<2x1xf32>, tensor<f32>, tensor<f32>
}

// Sources of rank 1 or more keep xDSL's checks.
// CHECK-LABEL: func.func @ranked(
func.func @ranked(%v: tensor<6xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[\[}}0 : i64, 1 : i64]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %0 = tensor.expand_shape %v [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
