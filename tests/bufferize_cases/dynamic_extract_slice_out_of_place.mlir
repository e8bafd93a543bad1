// Regression (issue 9, defect 3): an out-of-place tensor.extract_slice of dynamic size (an
// affine.min tile at a boundary): a dynamically sized allocation. The argument %a is read after
// the fill, so the slice the fill writes cannot be %a's memory.
func.func @dynamic_extract_slice_out_of_place(%a: tensor<20x33xf32>, %n: index) -> (tensor<20x33xf32>, tensor<20x33xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %s0 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 20))> (%n)
  %x = tensor.extract_slice %a[%n, 0] [%s0, 8] [1, 1] : tensor<20x33xf32> to tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%x : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e = tensor.empty() : tensor<20x33xf32>
  %g = linalg.fill ins(%zero : f32) outs(%e : tensor<20x33xf32>) -> tensor<20x33xf32>
  %r = tensor.insert_slice %f into %g[0, 1] [%s0, 8] [1, 1] : tensor<?x8xf32> into tensor<20x33xf32>
  return %r, %a : tensor<20x33xf32>, tensor<20x33xf32>
}
