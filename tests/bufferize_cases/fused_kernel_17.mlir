// A fused kernel: xfuse.testing.random_tensor_programs.fused_kernel(17) after
// xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse (shapes the tiles do not divide).
builtin.module {
  func.func @kernel(%a: tensor<40x24xf32>, %b: tensor<24x33xf32>, %bias: tensor<33xf32>, %c: tensor<40x33xf32>) -> tensor<40x33xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<40x33xf32>
    %v0 = scf.forall (%0, %1) = (0, 0) to (40, 33) step (16, 32) shared_outs(%2 = %e0) -> (tensor<40x33xf32>) {
      %3 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 40))> (%0)
      %4 = affine.min affine_map<(d0) -> (32, ((d0 * -1) + 33))> (%1)
      %5 = tensor.extract_slice %a[%0, 0] [%3, 24] [1, 1] : tensor<40x24xf32> to tensor<?x24xf32>
      %6 = tensor.extract_slice %b[0, %1] [24, %4] [1, 1] : tensor<24x33xf32> to tensor<24x?xf32>
      %7 = tensor.extract_slice %e0[%0, %1] [%3, %4] [1, 1] : tensor<40x33xf32> to tensor<?x?xf32>
      %8 = linalg.fill ins(%zero : f32) outs(%7 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %9 = linalg.matmul ins(%5, %6 : tensor<?x24xf32>, tensor<24x?xf32>) outs(%8 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %10 = linalg.sub ins(%9, %9 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%7 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %11 = tensor.extract_slice %bias[%1] [%4] [1] : tensor<33xf32> to tensor<?xf32>
      %12 = tensor.empty(%3, %4) : tensor<?x?xf32>
      %13 = linalg.broadcast ins(%11:tensor<?xf32>) outs(%12:tensor<?x?xf32>) dimensions = [0]
      %14 = linalg.add ins(%10, %13 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%7 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %15 = tensor.extract_slice %2[%0, %1] [%3, %4] [1, 1] : tensor<40x33xf32> to tensor<?x?xf32>
      %16 = linalg.add ins(%14, %10 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%15 : tensor<?x?xf32>) -> tensor<?x?xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %16 into %2[%0, %1] [%3, %4] [1, 1] : tensor<?x?xf32> into tensor<40x33xf32>
      }
    }
    func.return %v0 : tensor<40x33xf32>
  }
}

