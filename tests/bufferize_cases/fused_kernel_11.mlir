// A fused kernel: xfuse.testing.random_tensor_programs.fused_kernel(11) after
// xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse (shapes the tiles do not divide).
builtin.module {
  func.func @kernel(%a: tensor<48x48xf32>, %b: tensor<48x48xf32>, %bias: tensor<48xf32>, %c: tensor<48x48xf32>) -> (tensor<48x48xf32>, tensor<48x48xf32>, tensor<48x48xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<48x48xf32>
    %v0, %v0_1, %v0_2 = scf.forall (%0, %1) = (0, 0) to (48, 48) step (16, 32) shared_outs(%2 = %e0, %3 = %e0, %4 = %e0) -> (tensor<48x48xf32>, tensor<48x48xf32>, tensor<48x48xf32>) {
      %5 = affine.min affine_map<(d0) -> (32, ((d0 * -1) + 48))> (%1)
      %6 = tensor.extract_slice %a[%0, 0] [16, 48] [1, 1] : tensor<48x48xf32> to tensor<16x48xf32>
      %7 = tensor.extract_slice %b[0, %1] [48, %5] [1, 1] : tensor<48x48xf32> to tensor<48x?xf32>
      %8 = tensor.extract_slice %2[%0, %1] [16, %5] [1, 1] : tensor<48x48xf32> to tensor<16x?xf32>
      %9 = linalg.fill ins(%zero : f32) outs(%8 : tensor<16x?xf32>) -> tensor<16x?xf32>
      %10 = linalg.matmul ins(%6, %7 : tensor<16x48xf32>, tensor<48x?xf32>) outs(%9 : tensor<16x?xf32>) -> tensor<16x?xf32>
      %11 = tensor.extract_slice %3[%0, %1] [16, %5] [1, 1] : tensor<48x48xf32> to tensor<16x?xf32>
      %12 = linalg.sub ins(%10, %10 : tensor<16x?xf32>, tensor<16x?xf32>) outs(%11 : tensor<16x?xf32>) -> tensor<16x?xf32>
      %13 = tensor.extract_slice %4[%0, %1] [16, %5] [1, 1] : tensor<48x48xf32> to tensor<16x?xf32>
      %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<16x?xf32>) outs(%13 : tensor<16x?xf32>) {
      ^bb0(%x: f32, %o: f32):
        %r = arith.maximumf %x, %zero : f32
        linalg.yield %r : f32
      } -> tensor<16x?xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %10 into %2[%0, %1] [16, %5] [1, 1] : tensor<16x?xf32> into tensor<48x48xf32>
        tensor.parallel_insert_slice %12 into %3[%0, %1] [16, %5] [1, 1] : tensor<16x?xf32> into tensor<48x48xf32>
        tensor.parallel_insert_slice %14 into %4[%0, %1] [16, %5] [1, 1] : tensor<16x?xf32> into tensor<48x48xf32>
      }
    }
    func.return %v0, %v0_1, %v0_2 : tensor<48x48xf32>, tensor<48x48xf32>, tensor<48x48xf32>
  }
}

