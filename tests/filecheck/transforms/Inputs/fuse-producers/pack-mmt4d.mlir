// A padded linalg.pack feeding an mmt4d tiled over its outer dims (one M1 x N1 tile per forall
// iteration, reading whole inner tiles of the packed LHS): the pack's tile moves into the forall,
// reading rows [%i * 8, min(8, 13 - %i * 8)) of the source (the last one is padded); the fill
// is fused through shared_outs (destination fusion) as well.
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @pack_mmt4d(
// CHECK-SAME:      %[[A:.*]]: tensor<13x30xf32>, %[[B:.*]]: tensor<3x4x4x8xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:     linalg.pack
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3x8x4xf32>
// CHECK-NEXT:    scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 3) shared_outs(%[[O:.*]] = %[[E]])
// CHECK-NEXT:      %[[OFF:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[I]])
// CHECK-NEXT:      %[[ROWS:.*]] = affine.min affine_map<(d0) -> (((d0 * -8) + 13), 8)> (%[[I]])
// CHECK-NEXT:      %[[SRC:.*]] = tensor.extract_slice %[[A]][%[[OFF]], 0] [%[[ROWS]], 30] [1, 1] : tensor<13x30xf32> to tensor<?x30xf32>
// CHECK-NEXT:      %[[PE:.*]] = tensor.empty() : tensor<1x4x8x8xf32>
// CHECK-NEXT:      %[[PA:.*]] = linalg.pack %[[SRC]] padding_value(%[[ZERO]] : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %[[PE]] : tensor<?x30xf32> -> tensor<1x4x8x8xf32>
// CHECK-NEXT:      %[[BS:.*]] = tensor.extract_slice %[[B]][%[[J]], 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]], 0, 0] [1, 1, 8, 4] [1, 1, 1, 1]
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OS]] : tensor<1x1x8x4xf32>)
// CHECK-NEXT:      %[[MM:.*]] = linalg.mmt4d ins(%[[PA]], %[[BS]] : tensor<1x4x8x8xf32>, tensor<1x4x4x8xf32>) outs(%[[F]] : tensor<1x1x8x4xf32>)
// CHECK:           tensor.parallel_insert_slice %[[MM]] into %[[O]][%[[I]], %[[J]], 0, 0] [1, 1, 8, 4] [1, 1, 1, 1]
func.func @pack_mmt4d(%a: tensor<13x30xf32>, %b: tensor<3x4x4x8xf32>) -> tensor<2x3x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<2x4x8x8xf32>
  %pa = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %pe : tensor<13x30xf32> -> tensor<2x4x8x8xf32>
  %e = tensor.empty() : tensor<2x3x8x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x8x4xf32>) -> tensor<2x3x8x4xf32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %fill) -> (tensor<2x3x8x4xf32>) {
    %as = tensor.extract_slice %pa[%i, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<2x4x8x8xf32> to tensor<1x4x8x8xf32>
    %bs = tensor.extract_slice %b[%j, 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1] : tensor<3x4x4x8xf32> to tensor<1x4x4x8xf32>
    %os = tensor.extract_slice %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<2x3x8x4xf32> to tensor<1x1x8x4xf32>
    %mm = linalg.mmt4d ins(%as, %bs : tensor<1x4x8x8xf32>, tensor<1x4x4x8xf32>) outs(%os : tensor<1x1x8x4xf32>) -> tensor<1x1x8x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<1x1x8x4xf32> into tensor<2x3x8x4xf32>
    }
  }
  return %r : tensor<2x3x8x4xf32>
}
