// Adapted from MLIR 22 test/Dialect/Linalg/transform-op-fuse.mlir / tile-pad-tensor-op.mlir:
// a tensor.pad fused as the producer of a tiled elementwise op. With low padding [2, 3] and
// 4x4 tiles, some tiles lie entirely in the padding: the zero-size-slice guard (an scf.if)
// yields the padding value there.
func.func @fuse_pad(%arg0: tensor<10x10xf32>, %out: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %cst = arith.constant 7.5 : f32
  %p = tensor.pad %arg0 low[2, 3] high[4, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<10x10xf32> to tensor<16x16xf32>
  %1 = linalg.exp ins(%p : tensor<16x16xf32>) outs(%out : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [4, 4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
