// What xfuse-lower-tm-tensor refuses, located at the op.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p xfuse-lower-tm-tensor

func.func @sort_memref(%x: memref<8xi32>) {
  // expected-error @+1 {{tm_tensor.sort is lowered on tensors only; this one is on memrefs}}
  tm_tensor.sort dimension(0) outs(%x : memref<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %p = arith.cmpi slt, %a, %b : i32
    tm_tensor.yield %p : i1
  }
  return
}

// -----

// Dimension 1 of the original is neither indexed nor in the update slice (which covers dimension 2).
func.func @scatter_hole(%orig: tensor<2x3x4xf32>, %i: tensor<5x2xi64>, %u: tensor<5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{dimension 1 of the original is neither in dimension_map nor covered by the update slice, so no position of it is defined}}
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 2>} unique_indices(false) ins(%u, %i : tensor<5x4xf32>, tensor<5x2xi64>) outs(%orig : tensor<2x3x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
