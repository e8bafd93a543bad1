// An mmt4d tiled over its outer dims (scf.forall writing one whole 8x4 inner tile per iteration
// with parallel_insert_slice), then a linalg.unpack to 13x10 (the last row and column tiles are
// partial): the unpack is fused into the forall, unpacking the mmt4d tile directly into the
// slice [%i * 8, %j * 4] [min(13 - %i * 8, 8), min(10 - %j * 4, 4)] of a new shared_out.
// Checked by fuse-consumers.mlir (FileCheck) and with-mlir/transforms/fuse-consumers-exec.mlir.
func.func @f(%a: tensor<2x4x8x8xf32>, %b: tensor<3x4x4x8xf32>) -> tensor<13x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x8x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x8x4xf32>) -> tensor<2x3x8x4xf32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %fill) -> (tensor<2x3x8x4xf32>) {
    %as = tensor.extract_slice %a[%i, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<2x4x8x8xf32> to tensor<1x4x8x8xf32>
    %bs = tensor.extract_slice %b[%j, 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1] : tensor<3x4x4x8xf32> to tensor<1x4x4x8xf32>
    %os = tensor.extract_slice %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<2x3x8x4xf32> to tensor<1x1x8x4xf32>
    %mm = linalg.mmt4d ins(%as, %bs : tensor<1x4x8x8xf32>, tensor<1x4x4x8xf32>) outs(%os : tensor<1x1x8x4xf32>) -> tensor<1x1x8x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %o[%i, %j, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<1x1x8x4xf32> into tensor<2x3x8x4xf32>
    }
  }
  %ue = tensor.empty() : tensor<13x10xf32>
  %u = linalg.unpack %r inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %ue : tensor<2x3x8x4xf32> -> tensor<13x10xf32>
  return %u : tensor<13x10xf32>
}
