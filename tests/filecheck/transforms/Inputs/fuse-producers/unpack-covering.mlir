// A linalg.unpack feeding a linalg.add tiled by 15x6, tiles that cut the unpack's inner tiles
// (8 rows, 4 columns): each tile of the add reads the outer tiles covering it, unpacked into a
// temporary, and slices its part out (MLIR 22's generateResultTileValue of linalg.unpack).
// outer_dims_perm = [1, 0] and inner_dims_pos = [1, 0]: source dim 0 is dest dim 1 (3 tiles of
// 4, 10 of 12 columns kept), source dim 1 dest dim 0 (5 tiles of 8, 37 of 40 rows kept); the
// last tiles (rows 30..36, columns 6..9) are partial.
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @unpack_covering(
// CHECK-SAME:      %[[P:.*]]: tensor<3x5x4x8xf32>, %[[B:.*]]: tensor<37x10xf32>)
// CHECK-NOT:     linalg.unpack
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (37, 10) step (15, 6) shared_outs(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0) -> (15, ((d0 * -1) + 37))> (%[[I]])
// CHECK-NEXT:      %[[TJ:.*]] = affine.min affine_map<(d0) -> (6, ((d0 * -1) + 10))> (%[[J]])
// CHECK-NEXT:      %[[R0:.*]] = affine.apply affine_map<(d0) -> ((d0 floordiv 8))> (%[[I]])
// CHECK-NEXT:      %[[RN:.*]] = affine.apply affine_map<(d0, d1) -> ({{.*}} floordiv 8) {{.*}} + 1))> (%[[I]], %[[TI]])
// CHECK-NEXT:      %[[RE:.*]] = affine.apply affine_map<(d0, d1) -> ({{.*}} + 8))> (%[[I]], %[[TI]])
// CHECK-NEXT:      %[[RO:.*]] = affine.apply affine_map<(d0) -> ((d0 mod 8))> (%[[I]])
// CHECK-NEXT:      %[[C0:.*]] = affine.apply affine_map<(d0) -> ((d0 floordiv 4))> (%[[J]])
// CHECK-NEXT:      %[[CN:.*]] = affine.apply affine_map<(d0, d1) -> ({{.*}} floordiv 4) {{.*}} + 1))> (%[[J]], %[[TJ]])
// CHECK-NEXT:      %[[CE:.*]] = affine.apply affine_map<(d0, d1) -> ({{.*}} + 4))> (%[[J]], %[[TJ]])
// CHECK-NEXT:      %[[CO:.*]] = affine.apply affine_map<(d0) -> ((d0 mod 4))> (%[[J]])
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[P]][%[[C0]], %[[R0]], 0, 0] [%[[CN]], %[[RN]], 4, 8] [1, 1, 1, 1] : tensor<3x5x4x8xf32> to tensor<?x?x4x8xf32>
// CHECK-NEXT:      %[[T:.*]] = tensor.empty(%[[RE]], %[[CE]]) : tensor<?x?xf32>
// CHECK-NEXT:      %[[U:.*]] = linalg.unpack %[[S]] outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %[[T]] : tensor<?x?x4x8xf32> -> tensor<?x?xf32>
// CHECK-NEXT:      %[[US:.*]] = tensor.extract_slice %[[U]][%[[RO]], %[[CO]]] [%[[TI]], %[[TJ]]] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:      %[[BS:.*]] = tensor.extract_slice %[[B]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]]
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]]
// CHECK-NEXT:      linalg.add ins(%[[US]], %[[BS]] : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[OS]] : tensor<?x?xf32>)
func.func @unpack_covering(%p: tensor<3x5x4x8xf32>, %b: tensor<37x10xf32>) -> tensor<37x10xf32> {
  %ue = tensor.empty() : tensor<37x10xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %ue : tensor<3x5x4x8xf32> -> tensor<37x10xf32>
  %e = tensor.empty() : tensor<37x10xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (37, 10) step (15, 6) shared_outs(%o = %e) -> (tensor<37x10xf32>) {
    %ti = affine.min affine_map<(d0) -> (15, 37 - d0)>(%i)
    %tj = affine.min affine_map<(d0) -> (6, 10 - d0)>(%j)
    %us = tensor.extract_slice %u[%i, %j] [%ti, %tj] [1, 1] : tensor<37x10xf32> to tensor<?x?xf32>
    %bs = tensor.extract_slice %b[%i, %j] [%ti, %tj] [1, 1] : tensor<37x10xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, %j] [%ti, %tj] [1, 1] : tensor<37x10xf32> to tensor<?x?xf32>
    %a = linalg.add ins(%us, %bs : tensor<?x?xf32>, tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<37x10xf32>
    }
  }
  return %r : tensor<37x10xf32>
}
