// linalg.fill as MLIR 22 reads it: a 0-d output, and a vector value filling a tensor of
// vectors (the body's arguments are the vector type); generic form parsed back.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @fill_tensor(
func.func @fill_tensor(%f: f32, %v: vector<2x4xf32>) -> (tensor<f32>, tensor<vector<2x4xf32>>) {
  %e0 = tensor.empty() : tensor<f32>
  // CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>) -> tensor<f32>
  %0 = linalg.fill ins(%f : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %e1 = tensor.empty() : tensor<vector<2x4xf32>>
  // CHECK: linalg.fill ins(%{{.*}} : vector<2x4xf32>) outs(%{{.*}} : tensor<vector<2x4xf32>>) -> tensor<vector<2x4xf32>>
  %1 = linalg.fill ins(%v : vector<2x4xf32>) outs(%e1 : tensor<vector<2x4xf32>>) -> tensor<vector<2x4xf32>>
  return %0, %1: tensor<f32>, tensor<vector<2x4xf32>>
}
// GENERIC: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// GENERIC: ^bb0(%{{.*}}: vector<2x4xf32>, %{{.*}}: vector<2x4xf32>):
// GENERIC-NEXT: "linalg.yield"(%{{.*}}) : (vector<2x4xf32>) -> ()
