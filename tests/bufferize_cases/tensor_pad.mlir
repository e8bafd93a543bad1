// tensor.pad with a constant padding value (fill + copy into a subview) and with a padding
// value computed from the indices (a linalg.generic), static and dynamic low padding.
func.func @tensor_pad(%a: tensor<4x5xf32>, %n: index) -> (tensor<7x9xf32>, tensor<?x6xf32>) {
  %cst = arith.constant 2.500000e+00 : f32
  %p = tensor.pad %a low[1, 2] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x5xf32> to tensor<7x9xf32>
  %q = tensor.pad %a low[%n, 0] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %k = arith.index_cast %s : index to i32
    %f = arith.sitofp %k : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x5xf32> to tensor<?x6xf32>
  return %p, %q : tensor<7x9xf32>, tensor<?x6xf32>
}
