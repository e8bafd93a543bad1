// A fully connected layer as torch-mlir lowers ONNX's Gemm with transB = 1: the weight argument
// %w (marked {xfuse.weight}) is transposed on every call before the matmul; %v, the same but not
// marked, may be an input the caller passes as it is.
func.func @fc(%x: tensor<2x8xf32>, %w: tensor<6x8xf32> {xfuse.weight}, %v: tensor<6x8xf32>) -> tensor<2x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x6xf32>
  %wt = linalg.transpose ins(%w : tensor<6x8xf32>) outs(%e : tensor<8x6xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<8x6xf32>
  %vt = linalg.transpose ins(%v : tensor<6x8xf32>) outs(%e2 : tensor<8x6xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x6xf32>) -> tensor<2x6xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<2x8xf32>, tensor<8x6xf32>) outs(%f : tensor<2x6xf32>) -> tensor<2x6xf32>
  %n = linalg.matmul ins(%x, %vt : tensor<2x8xf32>, tensor<8x6xf32>) outs(%m : tensor<2x6xf32>) -> tensor<2x6xf32>
  return %n : tensor<2x6xf32>
}
