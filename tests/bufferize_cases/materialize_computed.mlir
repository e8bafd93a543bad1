// materialize_in_destination of a computed tensor: the add writes the destination's buffer
// directly (empty-tensor elimination), nothing is copied.
// MLIR-OPT-NO-DEALLOCATION: keeps the reference's buffers simple
func.func @materialize_computed(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %d0 = tensor.empty() : tensor<8x8xf32>
  %dest = linalg.fill ins(%zero : f32) outs(%d0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %s = linalg.add ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = bufferization.materialize_in_destination %s in %dest : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m : tensor<8x8xf32>
}
