// tensor.insert into a (non-writable) argument: a copy of it; into a filled tensor: in place.
func.func @tensor_insert(%a: tensor<4x8xf32>, %x: f32, %i: index) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.000000e+00 : f32
  %r = tensor.insert %x into %a[%i, %c0] : tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tensor.insert %x into %f[%c0, %i] : tensor<4x8xf32>
  %t = tensor.insert %x into %s[%i, %i] : tensor<4x8xf32>
  return %r, %t : tensor<4x8xf32>, tensor<4x8xf32>
}
