// xfuse-generic-to-mmt4d refuses to collapse dynamic dims (an error at the op).
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p 'xfuse-generic-to-mmt4d' | filecheck %s

func.func @dynamic_k_group(%a: tensor<4x?x5x8x1xf32>, %b: tensor<6x?x5x8x1xf32>, %c: tensor<4x6x8x8xf32>) -> tensor<4x6x8x8xf32> {
  // CHECK: generic-to-mmt4d-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: xfuse-generic-to-mmt4d: collapsing dynamic dims is not supported
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M, N, K0, K1, m, n, k1) -> (M, K0, K1, m, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (N, K0, K1, n, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (M, N, m, n)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x?x5x8x1xf32>, tensor<6x?x5x8x1xf32>) outs(%c : tensor<4x6x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6x8x8xf32>
  return %0 : tensor<4x6x8x8xf32>
}

// -----

// Dynamic dims outside the collapsed groups are fine (no collapse needed).
// CHECK-LABEL: func.func @dynamic_outer_m
// CHECK: linalg.mmt4d ins(%a, %b : tensor<?x5x8x1xf32>, tensor<6x5x8x1xf32>) outs(%c : tensor<?x6x8x8xf32>)
func.func @dynamic_outer_m(%a: tensor<?x5x8x1xf32>, %b: tensor<6x5x8x1xf32>, %c: tensor<?x6x8x8xf32>) -> tensor<?x6x8x8xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M, N, K, m, n, k) -> (M, K, m, k)>,
                       affine_map<(M, N, K, m, n, k) -> (N, K, n, k)>,
                       affine_map<(M, N, K, m, n, k) -> (M, N, m, n)>],
      iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x5x8x1xf32>, tensor<6x5x8x1xf32>) outs(%c : tensor<?x6x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x6x8x8xf32>
  return %0 : tensor<?x6x8x8xf32>
}
