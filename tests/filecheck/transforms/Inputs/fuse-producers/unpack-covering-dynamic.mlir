// Dynamic sizes: a linalg.unpack of n outer tiles of 8 rows into 8n - 3 rows (the last outer
// tile is partial), feeding a linalg.exp tiled by 15 rows and 2 columns. Each tile reads the
// outer tiles covering its rows (dynamic count), unpacked into a temporary and sliced; the
// columns are not tiled by the unpack, so they are sliced as they are.
// Run with --dynamic-size 5: 37 rows, tiles [0, 15), [15, 30), [30, 37).
// Checked by fuse-producers.mlir (FileCheck) and with-mlir/transforms/fuse-producers-exec.mlir.

// CHECK-LABEL: func.func @unpack_covering_dynamic(
// CHECK-SAME:      %[[P:.*]]: tensor<?x5x8xf32>)
// CHECK-NOT:     linalg.unpack
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (%[[M:.*]], 5) step (15, 2) shared_outs(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[TI:.*]] = affine.min affine_map<(d0)[s0] -> (15, (s0 + (d0 * -1)))> (%[[I]])[%[[M]]]
// CHECK-NEXT:      %[[TJ:.*]] = affine.min
// CHECK-NEXT:      %[[R0:.*]] = affine.apply affine_map<(d0) -> ((d0 floordiv 8))> (%[[I]])
// CHECK-NEXT:      %[[RN:.*]] = affine.apply {{.*}} (%[[I]], %[[TI]])
// CHECK-NEXT:      %[[RE:.*]] = affine.apply {{.*}} (%[[I]], %[[TI]])
// CHECK-NEXT:      %[[RO:.*]] = affine.apply affine_map<(d0) -> ((d0 mod 8))> (%[[I]])
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[P]][%[[R0]], %[[J]], 0] [%[[RN]], %[[TJ]], 8] [1, 1, 1] : tensor<?x5x8xf32> to tensor<?x?x8xf32>
// CHECK-NEXT:      %[[T:.*]] = tensor.empty(%[[RE]], %[[TJ]]) : tensor<?x?xf32>
// CHECK-NEXT:      %[[U:.*]] = linalg.unpack %[[S]] inner_dims_pos = [0] inner_tiles = [8] into %[[T]] : tensor<?x?x8xf32> -> tensor<?x?xf32>
// CHECK-NEXT:      %[[US:.*]] = tensor.extract_slice %[[U]][%[[RO]], 0] [%[[TI]], %[[TJ]]] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [%[[TI]], %[[TJ]]]
// CHECK-NEXT:      linalg.exp ins(%[[US]] : tensor<?x?xf32>) outs(%[[OS]] : tensor<?x?xf32>)
func.func @unpack_covering_dynamic(%p: tensor<?x5x8xf32>) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %p, %c0 : tensor<?x5x8xf32>
  %m = affine.apply affine_map<(d0) -> (d0 * 8 - 3)>(%n)
  %ue = tensor.empty(%m) : tensor<?x5xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %ue : tensor<?x5x8xf32> -> tensor<?x5xf32>
  %e = tensor.empty(%m) : tensor<?x5xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (%m, 5) step (15, 2) shared_outs(%o = %e) -> (tensor<?x5xf32>) {
    %ti = affine.min affine_map<(d0)[s0] -> (15, s0 - d0)>(%i)[%m]
    %tj = affine.min affine_map<(d0) -> (2, 5 - d0)>(%j)
    %us = tensor.extract_slice %u[%i, %j] [%ti, %tj] [1, 1] : tensor<?x5xf32> to tensor<?x?xf32>
    %os = tensor.extract_slice %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x5xf32> to tensor<?x?xf32>
    %x = linalg.exp ins(%us : tensor<?x?xf32>) outs(%os : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x5xf32>
    }
  }
  return %r : tensor<?x5xf32>
}
