// Destination fusion of a linalg.pack: the packed tensor initializes the forall's shared_outs and
// is updated in place, whole inner tiles per iteration. The pack's tile is computed into the
// slice of the shared_out (its destination) and the forall's init becomes the pack's own dest.
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @pack_destination(
// CHECK-SAME:      %[[X:.*]]: tensor<16x16xf32>)
// CHECK-NEXT:    %[[PE:.*]] = tensor.empty() : tensor<2x4x8x4xf32>
// CHECK-NEXT:    scf.forall (%[[I:.*]]) in (2) shared_outs(%[[O:.*]] = %[[PE]])
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1]
// CHECK-NEXT:      %[[R:.*]] = affine.apply affine_map<(d0) -> ((d0 * 8))> (%[[I]])
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[X]][%[[R]], 0] [8, 16] [1, 1] : tensor<16x16xf32> to tensor<8x16xf32>
// CHECK-NEXT:      %[[P:.*]] = linalg.pack %[[S]] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[OS]] : tensor<8x16xf32> -> tensor<1x4x8x4xf32>
// CHECK-NEXT:      %[[Y:.*]] = linalg.exp ins(%[[P]] : tensor<1x4x8x4xf32>) outs(%[[P]] : tensor<1x4x8x4xf32>)
// CHECK:           tensor.parallel_insert_slice %[[Y]] into %[[O]][%[[I]], 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1]
func.func @pack_destination(%x: tensor<16x16xf32>) -> tensor<2x4x8x4xf32> {
  %pe = tensor.empty() : tensor<2x4x8x4xf32>
  %px = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %pe : tensor<16x16xf32> -> tensor<2x4x8x4xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %px) -> (tensor<2x4x8x4xf32>) {
    %os = tensor.extract_slice %o[%i, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<2x4x8x4xf32> to tensor<1x4x8x4xf32>
    %y = linalg.exp ins(%os : tensor<1x4x8x4xf32>) outs(%os : tensor<1x4x8x4xf32>) -> tensor<1x4x8x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x4xf32> into tensor<2x4x8x4xf32>
    }
  }
  return %r : tensor<2x4x8x4xf32>
}
