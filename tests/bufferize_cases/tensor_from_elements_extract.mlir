// tensor.extract of an argument (a load), tensor.from_elements (a new buffer + stores).
// %i is in [1, 4] in the differential runs (random_inputs): 5 rows keep every read in bounds.
func.func @tensor_from_elements_extract(%a: tensor<5x8xf32>, %i: index) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.extract %a[%i, %c0] : tensor<5x8xf32>
  %y = tensor.extract %a[%c1, %i] : tensor<5x8xf32>
  %z = arith.addf %x, %y : f32
  %t = tensor.from_elements %x, %y, %z, %z, %y, %x : tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}
