// xfuse-generic-to-mmt4d: packed contraction generics -> linalg.mmt4d / linalg.batch_mmt4d,
// collapsing contiguous outer groups first; refusals say which condition failed.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-generic-to-mmt4d' | filecheck %s
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-generic-to-mmt4d{remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// The generics `mlir-opt --linalg-block-pack-matmul` makes (6 loops; 7 for batch_matmul):
// RUN: mlir-opt %S/Inputs/block-pack-matmuls.mlir --linalg-block-pack-matmul="block-factors=8,8,4" | xfuse-opt -p 'xfuse-generic-to-mmt4d' | filecheck %s --check-prefix=BLOCK
// ... executed: the same results as mlir-opt's own packed generic.
// RUN: mlir-opt %S/Inputs/block-pack-matmuls.mlir --linalg-block-pack-matmul="block-factors=8,8,4" -o %t.mlir
// RUN: xfuse-run %t.mlir --entry block_matmul -p 'xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %t.mlir --entry block_batch_matmul -p 'xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack' --check | filecheck %s --check-prefix=EXEC
// With RHS inner blocks (k, n), not mmt4d's (n, k): left alone, with the reason.
// RUN: mlir-opt %S/Inputs/block-pack-matmuls.mlir --linalg-block-pack-matmul="block-factors=8,8,4 rhs-transpose-inner-blocks=false" | xfuse-opt -p 'xfuse-generic-to-mmt4d{remarks=true}' 2>&1 | filecheck %s --check-prefix=KN

// BLOCK-LABEL: func.func @block_matmul
// BLOCK:         linalg.mmt4d ins(%{{.+}}, %{{.+}} : tensor<8x12x8x4xf32>, tensor<5x12x8x4xf32>) outs(%{{.+}} : tensor<8x5x8x8xf32>) -> tensor<8x5x8x8xf32>
// BLOCK-LABEL: func.func @block_batch_matmul
// BLOCK:         linalg.batch_mmt4d ins(%{{.+}}, %{{.+}} : tensor<2x2x6x8x4xf32>, tensor<2x4x6x8x4xf32>) outs(%{{.+}} : tensor<2x2x4x8x8xf32>) -> tensor<2x2x4x8x8xf32>
// BLOCK-NOT:     linalg.generic
// EXEC: check: ok, the transformed module matches the untransformed input
// KN-COUNT-2: remark: xfuse-generic-to-mmt4d: left alone: the inner tiles are not (m, k) in LHS, (n, k) in RHS and (m, n) in the result (e.g. a transposed inner RHS block)
// KN-NOT: linalg.mmt4d

// Two outer K loops (the seed's K0, K1) with i8 x i8 -> i32 signed casts: collapsed K0 x K1.
// CHECK-LABEL: func.func @multi_k_i8
// CHECK:         %[[A:.+]] = tensor.collapse_shape %a {{.*}} : tensor<4x3x5x8x2xi8> into tensor<4x15x8x2xi8>
// CHECK:         %[[B:.+]] = tensor.collapse_shape %b {{.*}} : tensor<6x3x5x8x2xi8> into tensor<6x15x8x2xi8>
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins(%[[A]], %[[B]] : tensor<4x15x8x2xi8>, tensor<6x15x8x2xi8>) outs(%c : tensor<4x6x8x8xi32>) -> tensor<4x6x8x8xi32>
// CHECK:         func.return %[[MM]]
func.func @multi_k_i8(%a: tensor<4x3x5x8x2xi8>, %b: tensor<6x3x5x8x2xi8>, %c: tensor<4x6x8x8xi32>) -> tensor<4x6x8x8xi32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M, N, K0, K1, m, n, k1) -> (M, K0, K1, m, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (N, K0, K1, n, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (M, N, m, n)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x3x5x8x2xi8>, tensor<6x3x5x8x2xi8>) outs(%c : tensor<4x6x8x8xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4x6x8x8xi32>
  return %0 : tensor<4x6x8x8xi32>
}

// -----

// Two outer M loops: collapsed in LHS and in the result, the result expanded back.
// CHECK-LABEL: func.func @multi_m
// CHECK:         %[[A:.+]] = tensor.collapse_shape %a {{.*}} : tensor<2x3x7x8x1xf32> into tensor<6x7x8x1xf32>
// CHECK:         %[[C:.+]] = tensor.collapse_shape %c {{.*}} : tensor<2x3x5x8x8xf32> into tensor<6x5x8x8xf32>
// CHECK:         %[[MM:.+]] = linalg.mmt4d ins(%[[A]], %b : tensor<6x7x8x1xf32>, tensor<5x7x8x1xf32>) outs(%[[C]] : tensor<6x5x8x8xf32>)
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[MM]] {{.*}} : tensor<6x5x8x8xf32> into tensor<2x3x5x8x8xf32>
// CHECK:         func.return %[[E]]
func.func @multi_m(%a: tensor<2x3x7x8x1xf32>, %b: tensor<5x7x8x1xf32>, %c: tensor<2x3x5x8x8xf32>) -> tensor<2x3x5x8x8xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M0, M1, N, K, m, n, k) -> (M0, M1, K, m, k)>,
                       affine_map<(M0, M1, N, K, m, n, k) -> (N, K, n, k)>,
                       affine_map<(M0, M1, N, K, m, n, k) -> (M0, M1, N, m, n)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x3x7x8x1xf32>, tensor<5x7x8x1xf32>) outs(%c : tensor<2x3x5x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x5x8x8xf32>
  return %0 : tensor<2x3x5x8x8xf32>
}

// -----

// Refusals. Unsigned casts (linalg.mmt4d casts signed):
// CHECK-LABEL: func.func @unsigned
// CHECK:         linalg.generic
// REMARK: remark: xfuse-generic-to-mmt4d: left alone: the body's casts are not the signed casts of linalg.mmt4d (cast_signed)
func.func @unsigned(%a: tensor<4x5x8x2xi8>, %b: tensor<6x5x8x2xi8>, %c: tensor<4x6x8x8xi32>) -> tensor<4x6x8x8xi32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M, N, K, m, n, k) -> (M, K, m, k)>,
                       affine_map<(M, N, K, m, n, k) -> (N, K, n, k)>,
                       affine_map<(M, N, K, m, n, k) -> (M, N, m, n)>],
      iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x5x8x2xi8>, tensor<6x5x8x2xi8>) outs(%c : tensor<4x6x8x8xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<4x6x8x8xi32>
  return %0 : tensor<4x6x8x8xi32>
}

// -----

// The two K loops are not contiguous in the LHS (K1 comes after the inner m tile):
// CHECK-LABEL: func.func @k_not_contiguous
// CHECK:         linalg.generic
// REMARK: remark: xfuse-generic-to-mmt4d: left alone: LHS dims are not (batch, M, K, inner, inner) groups: loop d4 is out of place
func.func @k_not_contiguous(%a: tensor<4x3x8x5x1xf32>, %b: tensor<6x3x5x8x1xf32>, %c: tensor<4x6x8x8xf32>) -> tensor<4x6x8x8xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(M, N, K0, K1, m, n, k1) -> (M, K0, m, K1, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (N, K0, K1, n, k1)>,
                       affine_map<(M, N, K0, K1, m, n, k1) -> (M, N, m, n)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x3x8x5x1xf32>, tensor<6x3x5x8x1xf32>) outs(%c : tensor<4x6x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6x8x8xf32>
  return %0 : tensor<4x6x8x8xf32>
}

// -----

// A plain (unpacked) matmul generic has no inner tiles:
// CHECK-LABEL: func.func @not_packed
// CHECK:         linalg.generic
// REMARK: remark: xfuse-generic-to-mmt4d: left alone: the result has no inner tile dimensions
func.func @not_packed(%a: tensor<4x5xf32>, %b: tensor<5x6xf32>, %c: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x5xf32>, tensor<5x6xf32>) outs(%c : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
