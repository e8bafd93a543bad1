// tensor.splat, static and dynamic: a fill of a new buffer.
func.func @tensor_splat(%x: f32, %n: index, %a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<?x4xf32>) {
  %s = tensor.splat %x : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.add ins(%s, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = tensor.splat %x[%n] : tensor<?x4xf32>
  return %r, %d : tensor<4x4xf32>, tensor<?x4xf32>
}
