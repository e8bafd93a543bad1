// A transform script in the payload file, as MLIR's own tile-and-fuse tests write them: tile the
// last op of max(x @ w + b, acc) into an scf.forall of 16x32 tiles and fuse its producers (the
// add, then the matmul) into the loop, one `fuse_into_containing_op` each. The fill stays outside:
// the max reads it too.
//
//   xfuse-opt examples/transform/mlp_fuse.mlir -p xfuse-transform-interpreter
//   xfuse-run examples/transform/mlp_fuse.mlir -p xfuse-transform-interpreter --check
//   mlir-opt examples/transform/mlp_fuse.mlir --transform-interpreter     # upstream, same script
func.func @mlp(%x: tensor<64x48xf32>, %w: tensor<48x96xf32>, %b: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x48xf32>, tensor<48x96xf32>) outs(%acc : tensor<64x96xf32>) -> tensor<64x96xf32>
  %sum = linalg.add ins(%mm, %b : tensor<64x96xf32>, tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %relu = linalg.max ins(%sum, %acc : tensor<64x96xf32>, tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %relu : tensor<64x96xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %relu = transform.structured.match ops{["linalg.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %relu tile_sizes [16, 32]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %add_fused, %loop1 = transform.structured.fuse_into_containing_op %add into %loop
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %mm_fused, %loop2 = transform.structured.fuse_into_containing_op %mm into %loop1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
