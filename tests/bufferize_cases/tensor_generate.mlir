// tensor.generate: a new buffer filled by a linalg.generic over the indices.
func.func @tensor_generate(%n: index, %a: tensor<3xf32>) -> tensor<?x3xf32> {
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %v = tensor.extract %a[%j] : tensor<3xf32>
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    %s = arith.addf %v, %f : f32
    tensor.yield %s : f32
  } : tensor<?x3xf32>
  return %g : tensor<?x3xf32>
}
