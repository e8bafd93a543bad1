// scf.for carrying its destination in iter_args: each iteration computes a 4-row tile and
// inserts it with tensor.insert_slice (the shape tiling produces). In place: no copy at all.
func.func @loop_insert_slice(%a: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %init = tensor.empty() : tensor<16x8xf32>
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %init) -> (tensor<16x8xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %out = tensor.extract_slice %acc[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %t = linalg.add ins(%in, %in : tensor<4x8xf32>, tensor<4x8xf32>) outs(%out : tensor<4x8xf32>) -> tensor<4x8xf32>
    %next = tensor.insert_slice %t into %acc[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    scf.yield %next : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}
