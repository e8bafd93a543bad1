// An scf.for nest as xfuse-tile{loop=for} (and MLIR's tileUsingSCF) builds it: only the
// innermost loop writes through a tensor.insert_slice; the outer loop yields the inner loop's
// result, which started from its own iter_arg. Consumers are fused through both levels.
func.func @f(%a: tensor<13x8xf32>, %b: tensor<8x10xf32>, %c: tensor<13x10xf32>, %bias: tensor<13x10xf32>) -> tensor<13x10xf32> {
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 5, 4, 0>} ins(%a, %b : tensor<13x8xf32>, tensor<8x10xf32>) outs(%c : tensor<13x10xf32>) -> tensor<13x10xf32>
  %e = tensor.empty() : tensor<13x10xf32>
  %sum = linalg.add ins(%mm, %bias : tensor<13x10xf32>, tensor<13x10xf32>) outs(%e : tensor<13x10xf32>) -> tensor<13x10xf32>
  %e2 = tensor.empty() : tensor<13x10xf32>
  %r = linalg.exp ins(%sum : tensor<13x10xf32>) outs(%e2 : tensor<13x10xf32>) -> tensor<13x10xf32>
  return %r : tensor<13x10xf32>
}
