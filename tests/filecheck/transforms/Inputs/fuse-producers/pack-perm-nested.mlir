// A linalg.pack with outer_dims_perm = [1, 0] feeding an elementwise op over the packed layout,
// tiled by an scf.forall (2 outer rows) and an scf.for inside it (2 outer columns): the chain of
// two slices composes to [%i, %k, 0, 0] [2, 2, 8, 4] of the packed tensor, whole inner tiles, so
// the pack's tile goes into the scf.for. Packed dim 0 is source dim 1 (tiles of 4), packed dim 1
// is source dim 0 (tiles of 8): the source tile is [%k * 8, %i * 4] [16, 8].
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @pack_perm_nested(
// CHECK-SAME:      %[[X:.*]]: tensor<32x24xf32>)
// CHECK-NOT:     linalg.pack
// CHECK:         scf.forall (%[[I:.*]]) = (0) to (6) step (2) shared_outs(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], 0, 0, 0] [2, 4, 8, 4]
// CHECK-NEXT:      scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OS]])
// CHECK-NEXT:        %[[C:.*]] = affine.apply affine_map<(d0) -> ((d0 * 4))> (%[[I]])
// CHECK-NEXT:        %[[R:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[K]])
// CHECK-NEXT:        %[[S:.*]] = tensor.extract_slice %[[X]][%[[R]], %[[C]]] [16, 8] [1, 1] : tensor<32x24xf32> to tensor<16x8xf32>
// CHECK-NEXT:        %[[PE:.*]] = tensor.empty() : tensor<2x2x8x4xf32>
// CHECK-NEXT:        %[[P:.*]] = linalg.pack %[[S]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[PE]] : tensor<16x8xf32> -> tensor<2x2x8x4xf32>
// CHECK-NEXT:        %[[AK:.*]] = tensor.extract_slice %[[ACC]][0, %[[K]], 0, 0] [2, 2, 8, 4] [1, 1, 1, 1]
// CHECK-NEXT:        linalg.exp ins(%[[P]] : tensor<2x2x8x4xf32>) outs(%[[AK]] : tensor<2x2x8x4xf32>)
func.func @pack_perm_nested(%x: tensor<32x24xf32>) -> tensor<6x4x8x4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %pe = tensor.empty() : tensor<6x4x8x4xf32>
  %px = linalg.pack %x outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %pe : tensor<32x24xf32> -> tensor<6x4x8x4xf32>
  %e = tensor.empty() : tensor<6x4x8x4xf32>
  %r = scf.forall (%i) = (0) to (6) step (2) shared_outs(%o = %e) -> (tensor<6x4x8x4xf32>) {
    %xs = tensor.extract_slice %px[%i, 0, 0, 0] [2, 4, 8, 4] [1, 1, 1, 1] : tensor<6x4x8x4xf32> to tensor<2x4x8x4xf32>
    %os = tensor.extract_slice %o[%i, 0, 0, 0] [2, 4, 8, 4] [1, 1, 1, 1] : tensor<6x4x8x4xf32> to tensor<2x4x8x4xf32>
    %row = scf.for %k = %c0 to %c4 step %c2 iter_args(%acc = %os) -> (tensor<2x4x8x4xf32>) {
      %xk = tensor.extract_slice %xs[0, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<2x2x8x4xf32>
      %ak = tensor.extract_slice %acc[0, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<2x2x8x4xf32>
      %y = linalg.exp ins(%xk : tensor<2x2x8x4xf32>) outs(%ak : tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32>
      %u = tensor.insert_slice %y into %acc[0, %k, 0, 0] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x2x8x4xf32> into tensor<2x4x8x4xf32>
      scf.yield %u : tensor<2x4x8x4xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, 0, 0, 0] [2, 4, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> into tensor<6x4x8x4xf32>
    }
  }
  return %r : tensor<6x4x8x4xf32>
}
