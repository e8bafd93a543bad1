// transform.xfuse.diffuse: the MLP layer of the diffusion RFC (matmul + bias + relu) with the
// matmul tiled by the script, then producers and consumers fused around it by diffusion with
// the cache-fit cost model. Checked against the untransformed input.
func.func @mlp(%x: tensor<64x32xf32>, %w: tensor<32x48xf32>, %bias: tensor<48xf32>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x32xf32>, tensor<32x48xf32>) outs(%fill : tensor<64x48xf32>) -> tensor<64x48xf32>
  %bcast = linalg.broadcast ins(%bias : tensor<48xf32>) outs(%e : tensor<64x48xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bcast : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %relu = linalg.max ins(%sum, %fill : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %relu : tensor<64x48xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %mm tile_sizes [16, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused = transform.xfuse.diffuse %tiled {cost_model = "cache-fit", cache_sizes = array<i64: 32768>}
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
