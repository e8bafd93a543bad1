func.func @generate_with_loop(%n: index) -> tensor<?xf32> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %e = tensor.empty() : tensor<2xf32>
    %c0 = arith.constant 0 : index
    %x = tensor.extract %e[%c0] : tensor<2xf32>
    tensor.yield %x : f32
  } : tensor<?xf32>
  return %g : tensor<?xf32>
}
