// A tile of linalg.softmax must span its whole softmax dimension (the max and the sum read the
// whole row): tiling that dimension is refused at the op.
// RUN: not xfuse-opt %s -p xfuse-tile 2>&1 | filecheck %s

func.func @softmax(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %init = tensor.empty() : tensor<4x6xf32>
  %s = linalg.softmax {xfuse.tile_sizes = array<i64: 0, 2>} dimension(1) ins(%x : tensor<4x6xf32>) outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}
// CHECK: softmax-tile-invalid.mlir:7:3: error: cannot tile 'linalg.softmax': a tile must span the whole softmax dimension 1 (offset 0, size 6), got offset %{{.*}}, size 2
