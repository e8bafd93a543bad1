// xfuse-set-encoding on named and generic contractions (one or several B/M/N/K loops); other
// ops are left alone, with a remark saying why.
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-set-encoding' | filecheck %s
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-set-encoding{remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[A:.+]]: tensor<100x250xf32>, %[[B:.+]]: tensor<250x500xf32>, %[[C:.+]]: tensor<100x500xf32>)
// CHECK:         %[[LHS:.+]] = iree_encoding.set_encoding %[[A]] : tensor<100x250xf32> -> tensor<100x250xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [100, 500, 250]>>
// CHECK:         %[[RHS:.+]] = iree_encoding.set_encoding %[[B]] : tensor<250x500xf32> -> tensor<250x500xf32, #iree_encoding.encoding<operand_index = 1 : index,
// CHECK:         %[[ACC:.+]] = iree_encoding.set_encoding %[[C]] : tensor<100x500xf32> -> tensor<100x500xf32, #iree_encoding.encoding<operand_index = 2 : index,
// CHECK:         %[[MM:.+]] = linalg.matmul ins(%[[LHS]], %[[RHS]] : {{.*}}) outs(%[[ACC]] : {{.*}}) -> tensor<100x500xf32, #iree_encoding.encoding<operand_index = 2 : index,
// CHECK:         %[[R:.+]] = iree_encoding.unset_encoding %[[MM]] : tensor<100x500xf32, #iree_encoding.encoding<{{.*}}>> -> tensor<100x500xf32>
// CHECK:         func.return %[[R]]
// REMARK: remark: xfuse-set-encoding: encodings set
func.func @matmul(%a: tensor<100x250xf32>, %b: tensor<250x500xf32>, %c: tensor<100x500xf32>) -> tensor<100x500xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<100x250xf32>, tensor<250x500xf32>) outs(%c : tensor<100x500xf32>) -> tensor<100x500xf32>
  return %0 : tensor<100x500xf32>
}

// -----

// Batch matmul and i8 x i8 -> i32 (sign-extending casts in the body).
// CHECK-LABEL: func.func @batch_matmul_i8
// CHECK:         iree_encoding.set_encoding %a : tensor<2x16x32xi8> -> tensor<2x16x32xi8, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iteration_sizes = [2, 16, 8, 32]>>
// CHECK:         linalg.batch_matmul ins
// REMARK: remark: xfuse-set-encoding: encodings set
func.func @batch_matmul_i8(%a: tensor<2x16x32xi8>, %b: tensor<2x32x8xi8>, %c: tensor<2x16x8xi32>) -> tensor<2x16x8xi32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x16x32xi8>, tensor<2x32x8xi8>) outs(%c : tensor<2x16x8xi32>) -> tensor<2x16x8xi32>
  return %0 : tensor<2x16x8xi32>
}

// -----

// A generic with a transposed RHS and two M loops (multi-M).
#lhs = affine_map<(m0, m1, n, k) -> (m0, m1, k)>
#rhs = affine_map<(m0, m1, n, k) -> (n, k)>
#out = affine_map<(m0, m1, n, k) -> (m0, m1, n)>
// CHECK-LABEL: func.func @multi_m_transposed_b
// CHECK:         iree_encoding.set_encoding %b : tensor<24x16xf32> -> tensor<24x16xf32, #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iteration_sizes = [3, 5, 24, 16]>>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK:         iree_encoding.unset_encoding
func.func @multi_m_transposed_b(%a: tensor<3x5x16xf32>, %b: tensor<24x16xf32>, %c: tensor<3x5x24xf32>) -> tensor<3x5x24xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5x16xf32>, tensor<24x16xf32>) outs(%c : tensor<3x5x24xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x5x24xf32>
  return %0 : tensor<3x5x24xf32>
}

// -----

// Not contractions: an elementwise generic, a generic whose body is not acc + a * b, a
// contraction-shaped generic whose "K" loop is parallel, and an mmt4d (already data-tiled).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     iree_encoding
// REMARK: remark: xfuse-set-encoding: left alone: loop d1 is in LHS only: not a batch, M, N or K dimension
// REMARK: remark: xfuse-set-encoding: left alone: body is not acc + a * b (arith.addf of the accumulator and a arith.mulf)
// REMARK: remark: xfuse-set-encoding: left alone: loop d2 is parallel, expected reduction
// REMARK: remark: xfuse-set-encoding: left alone: already data-tiled (an mmt4d)
func.func @left_alone(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>, %d: tensor<4x8xf32>,
                      %p: tensor<1x1x4x1xf32>, %q: tensor<1x1x4x1xf32>, %r: tensor<1x1x4x4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x1x4x4xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %v : tensor<4x8xf32>, tensor<4xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %3 = linalg.mmt4d ins(%p, %q : tensor<1x1x4x1xf32>, tensor<1x1x4x1xf32>) outs(%r : tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x1x4x4xf32>
}
