// Regression (random tensor program 145): a select of a tensor that a later op overwrites in
// place must see the old contents: the overwrite goes out of place.
func.func @select_after_overwrite(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %n: index) -> (tensor<8x6xf32>, tensor<8x6xf32>) {
  %c2 = arith.constant 2 : index
  %cond = arith.cmpi ult, %n, %c2 : index
  %x = tensor.concat dim(0) %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %y = linalg.mul ins(%x, %x : tensor<8x6xf32>, tensor<8x6xf32>) outs(%x : tensor<8x6xf32>) -> tensor<8x6xf32>
  %s = arith.select %cond, %x, %x : tensor<8x6xf32>
  return %s, %y : tensor<8x6xf32>, tensor<8x6xf32>
}
