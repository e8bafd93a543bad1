// Regression (random tensor program 400): a loop updates %x in place, then tensor.insert writes
// one element into the original %x: the insert keeps the rest of %x's contents, so it reads %x
// and the loop must not have overwritten it (one of the two goes out of place).
func.func @insert_after_loop_write(%c: tensor<4x6xf32>, %s: f32) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4x6xf32>
  %x = linalg.add ins(%c, %c : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %w = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<4x6xf32>) {
    %row = tensor.extract_slice %acc[%k, 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<1x6xf32>
    %new = linalg.add ins(%row, %row : tensor<1x6xf32>, tensor<1x6xf32>) outs(%row : tensor<1x6xf32>) -> tensor<1x6xf32>
    %upd = tensor.insert_slice %new into %acc[%k, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<4x6xf32>
    scf.yield %upd : tensor<4x6xf32>
  }
  %e2 = tensor.empty() : tensor<4x6xf32>
  %m = linalg.mul ins(%w, %w : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e2 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tensor.insert %s into %x[%c0, %c4] : tensor<4x6xf32>
  return %r, %m : tensor<4x6xf32>, tensor<4x6xf32>
}
