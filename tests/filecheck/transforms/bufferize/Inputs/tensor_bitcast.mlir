// tensor.bitcast f32 -> i32: a new buffer, filled by an elementwise arith.bitcast.
func.func @tensor_bitcast(%a: tensor<4x4xf32>) -> tensor<4x4xi32> {
  %b = tensor.bitcast %a : tensor<4x4xf32> to tensor<4x4xi32>
  return %b : tensor<4x4xi32>
}
