// tensor.empty filled piecewise by tensor.insert_slice: the slices are written straight into the
// one allocation (mlir-opt needs empty-tensor elimination for that; a naive bufferizer copies).
func.func @empty_insert_slice(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %ea = tensor.empty() : tensor<4x8xf32>
  %ta = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ea : tensor<4x8xf32>) -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<4x8xf32>
  %tb = linalg.sub ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%eb : tensor<4x8xf32>) -> tensor<4x8xf32>
  %i0 = tensor.insert_slice %ta into %e[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  %i1 = tensor.insert_slice %tb into %i0[4, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  return %i1 : tensor<8x8xf32>
}
