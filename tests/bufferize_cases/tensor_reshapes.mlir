// expand_shape / collapse_shape of an argument: memref reshapes, no copy; of a strided slice:
// a copy into an identity-layout buffer first.
func.func @tensor_reshapes(%a: tensor<4x6xf32>, %b: tensor<8x6xf32>) -> (tensor<2x2x6xf32>, tensor<24xf32>, tensor<12xf32>) {
  %e = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 2, 6] : tensor<4x6xf32> into tensor<2x2x6xf32>
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %s = tensor.extract_slice %b[1, 0] [2, 6] [2, 1] : tensor<8x6xf32> to tensor<2x6xf32>
  %d = tensor.collapse_shape %s [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %empty = tensor.empty() : tensor<2x2x6xf32>
  %r = linalg.add ins(%e, %e : tensor<2x2x6xf32>, tensor<2x2x6xf32>) outs(%empty : tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
  return %r, %c, %d : tensor<2x2x6xf32>, tensor<24xf32>, tensor<12xf32>
}
