// xfuse-generic-to-mmt4d with dynamic dims: collapsed groups become dynamic, an expanded result
// takes its dynamic sizes from the init.
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-generic-to-mmt4d' | filecheck %s

// CHECK-LABEL: func.func @dynamic_k_group
// CHECK:         %[[A:.+]] = tensor.collapse_shape %a {{.*}} : tensor<4x?x5x8x1xf32> into tensor<4x?x8x1xf32>
// CHECK:         %[[B:.+]] = tensor.collapse_shape %b {{.*}} : tensor<6x?x5x8x1xf32> into tensor<6x?x8x1xf32>
// CHECK:         linalg.mmt4d ins(%[[A]], %[[B]] : tensor<4x?x8x1xf32>, tensor<6x?x8x1xf32>) outs(%c : tensor<4x6x8x8xf32>)
func.func @dynamic_k_group(%a: tensor<4x?x5x8x1xf32>, %b: tensor<6x?x5x8x1xf32>, %c: tensor<4x6x8x8xf32>) -> tensor<4x6x8x8xf32> {
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

// -----

// A dynamic outer M group: the result is expanded back with `tensor.dim` of the init.
// CHECK-LABEL: func.func @dynamic_m_group
// CHECK:         %[[C:.+]] = tensor.collapse_shape %c {{.*}} : tensor<?x3x5x8x8xf32> into tensor<?x5x8x8xf32>
// CHECK:         %[[MM:.+]] = linalg.mmt4d
// CHECK:         %[[D:.+]] = tensor.dim %c, %{{.+}} : tensor<?x3x5x8x8xf32>
// CHECK:         tensor.expand_shape %[[MM]] {{.*}} output_shape [%[[D]], 3, 5, 8, 8] : tensor<?x5x8x8xf32> into tensor<?x3x5x8x8xf32>
func.func @dynamic_m_group(%a: tensor<?x3x7x8x1xf32>, %b: tensor<5x7x8x1xf32>, %c: tensor<?x3x5x8x8xf32>) -> tensor<?x3x5x8x8xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M0, M1, N, K, m, n, k) -> (M0, M1, K, m, k)>,
                       affine_map<(M0, M1, N, K, m, n, k) -> (N, K, n, k)>,
                       affine_map<(M0, M1, N, K, m, n, k) -> (M0, M1, N, m, n)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x3x7x8x1xf32>, tensor<5x7x8x1xf32>) outs(%c : tensor<?x3x5x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x3x5x8x8xf32>
  return %0 : tensor<?x3x5x8x8xf32>
}
