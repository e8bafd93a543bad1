// tensor.cast (memref.cast), tensor.dim (memref.dim), tensor.rank (a constant).
func.func @tensor_cast_dim_rank(%a: tensor<4x?xf32>) -> (tensor<4x8xf32>, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %x = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %r = tensor.rank %x : tensor<?x?xf32>
  %e = tensor.empty(%r, %n) : tensor<?x?xf32>
  %s = tensor.cast %e : tensor<?x?xf32> to tensor<2x8xf32>
  %y = tensor.extract_slice %a[0, 0] [2, 8] [1, 1] : tensor<4x?xf32> to tensor<2x8xf32>
  %f = linalg.add ins(%y, %y : tensor<2x8xf32>, tensor<2x8xf32>) outs(%s : tensor<2x8xf32>) -> tensor<2x8xf32>
  %z = tensor.empty() : tensor<4x8xf32>
  %g = tensor.insert_slice %f into %z[1, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
  %h = tensor.insert_slice %f into %g[0, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
  %i = tensor.insert_slice %f into %h[2, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
  return %i, %x : tensor<4x8xf32>, tensor<?x?xf32>
}
