// A fused kernel: xfuse.testing.random_tensor_programs.fused_kernel(3) after
// xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse (shapes the tiles do not divide).
builtin.module {
  func.func @kernel(%a: tensor<20x16xf32>, %b: tensor<16x33xf32>, %bias: tensor<33xf32>, %c: tensor<20x33xf32>) -> (tensor<20x33xf32>, tensor<20x33xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<20x33xf32>
    %v0, %v0_1 = scf.forall (%0, %1) = (0, 0) to (20, 33) step (16, 32) shared_outs(%2 = %e0, %3 = %e0) -> (tensor<20x33xf32>, tensor<20x33xf32>) {
      %4 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 20))> (%0)
      %5 = affine.min affine_map<(d0) -> (32, ((d0 * -1) + 33))> (%1)
      %6 = tensor.extract_slice %a[%0, 0] [%4, 16] [1, 1] : tensor<20x16xf32> to tensor<?x16xf32>
      %7 = tensor.extract_slice %b[0, %1] [16, %5] [1, 1] : tensor<16x33xf32> to tensor<16x?xf32>
      %8 = tensor.extract_slice %e0[%0, %1] [%4, %5] [1, 1] : tensor<20x33xf32> to tensor<?x?xf32>
      %9 = linalg.fill ins(%zero : f32) outs(%8 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %10 = linalg.matmul ins(%6, %7 : tensor<?x16xf32>, tensor<16x?xf32>) outs(%9 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %11 = tensor.extract_slice %bias[%1] [%5] [1] : tensor<33xf32> to tensor<?xf32>
      %12 = tensor.empty(%4, %5) : tensor<?x?xf32>
      %13 = linalg.broadcast ins(%11:tensor<?xf32>) outs(%12:tensor<?x?xf32>) dimensions = [0]
      %14 = linalg.add ins(%10, %13 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%8 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %15 = tensor.extract_slice %2[%0, %1] [%4, %5] [1, 1] : tensor<20x33xf32> to tensor<?x?xf32>
      %16 = linalg.add ins(%14, %10 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%15 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<?x?xf32>) outs(%8 : tensor<?x?xf32>) {
      ^bb0(%x: f32, %o: f32):
        %r = arith.maximumf %x, %zero : f32
        linalg.yield %r : f32
      } -> tensor<?x?xf32>
      %18 = tensor.extract_slice %3[%0, %1] [%4, %5] [1, 1] : tensor<20x33xf32> to tensor<?x?xf32>
      %19 = linalg.sub ins(%17, %17 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%18 : tensor<?x?xf32>) -> tensor<?x?xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %16 into %2[%0, %1] [%4, %5] [1, 1] : tensor<?x?xf32> into tensor<20x33xf32>
        tensor.parallel_insert_slice %19 into %3[%0, %1] [%4, %5] [1, 1] : tensor<?x?xf32> into tensor<20x33xf32>
      }
    }
    func.return %v0, %v0_1 : tensor<20x33xf32>, tensor<20x33xf32>
  }
}

