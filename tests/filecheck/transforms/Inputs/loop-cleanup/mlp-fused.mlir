// The diffused MLP as xfuse-diffusion left it before it cleaned its loops: the forall keeps the
// matmul's and the add's results (unused) and the scf.for their iter_args. Input of loop-cleanup tests.
builtin.module {
  func.func @mlp(%input: tensor<32x64xf32>, %weight: tensor<64x128xf32>, %bias: tensor<128xf32>) -> tensor<32x128xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %empty = tensor.empty() : tensor<32x128xf32>
    %se = tensor.empty() : tensor<32x128xf32>
    %re = tensor.empty() : tensor<32x128xf32>
    %mm, %mm_1, %mm_2 = scf.forall (%i, %j) = (0, 0) to (32, 128) step (16, 64) shared_outs(%o = %empty, %0 = %se, %1 = %re) -> (tensor<32x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>) {
      %in_s = tensor.extract_slice %input[%i, 0] [16, 64] [1, 1] : tensor<32x64xf32> to tensor<16x64xf32>
      %o_s = tensor.extract_slice %o[%i, %j] [16, 64] [1, 1] : tensor<32x128xf32> to tensor<16x64xf32>
      %2 = tensor.extract_slice %0[%i, %j] [16, 64] [1, 1] : tensor<32x128xf32> to tensor<16x64xf32>
      %3 = tensor.extract_slice %1[%i, %j] [16, 64] [1, 1] : tensor<32x128xf32> to tensor<16x64xf32>
      %cols, %cols_1, %cols_2 = scf.for %jj = %c0 to %c64 step %c32 iter_args(%a0 = %o_s, %4 = %2, %5 = %3) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) {
        %a0_s = tensor.extract_slice %a0[0, %jj] [16, 32] [1, 1] : tensor<16x64xf32> to tensor<16x32xf32>
        %a0_s_1 = linalg.fill ins(%zero : f32) outs(%a0_s : tensor<16x32xf32>) -> tensor<16x32xf32>
        %red = scf.for %k = %c0 to %c64 step %c16 iter_args(%a1 = %a0_s_1) -> (tensor<16x32xf32>) {
          %in_t = tensor.extract_slice %in_s[0, %k] [16, 16] [1, 1] : tensor<16x64xf32> to tensor<16x16xf32>
          %6 = affine.apply affine_map<(d0, d1) -> ((d0 + d1))> (%j, %jj)
          %7 = affine.apply affine_map<(d0) -> ((d0 floordiv 8))> (%k)
          %8 = affine.apply affine_map<(d0) -> ((d0 floordiv 8))> (%6)
          %9 = affine.apply affine_map<(d0) -> ((d0 * 8))> (%7)
          %10 = affine.apply affine_map<(d0) -> ((d0 * 8))> (%8)
          %11 = tensor.extract_slice %weight[%9, %10] [16, 32] [1, 1] : tensor<64x128xf32> to tensor<16x32xf32>
          %12 = tensor.empty() : tensor<2x4x8x8xf32>
          %13 = linalg.pack %11 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %12 : tensor<16x32xf32> -> tensor<2x4x8x8xf32>
          %14 = tensor.empty() : tensor<16x32xf32>
          %w_t = linalg.unpack %13 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %14 : tensor<2x4x8x8xf32> -> tensor<16x32xf32>
          %a1_s = tensor.extract_slice %a1[0, 0] [16, 32] [1, 1] : tensor<16x32xf32> to tensor<16x32xf32>
          %t = linalg.matmul ins(%in_t, %w_t : tensor<16x16xf32>, tensor<16x32xf32>) outs(%a1_s : tensor<16x32xf32>) -> tensor<16x32xf32>
          %t_ins = tensor.insert_slice %t into %a1[0, 0] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x32xf32>
          scf.yield %t_ins : tensor<16x32xf32>
        }
        %a0_ins = tensor.insert_slice %red into %a0[0, %jj] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x64xf32>
        %15 = affine.apply affine_map<(d0, d1) -> ((d0 + d1))> (%j, %jj)
        %16 = tensor.extract_slice %bias[%15] [32] [1] : tensor<128xf32> to tensor<32xf32>
        %17 = tensor.empty() : tensor<16x32xf32>
        %18 = linalg.broadcast ins(%16 : tensor<32xf32>) outs(%17 : tensor<16x32xf32>) dimensions = [0]
        %19 = tensor.extract_slice %4[0, %jj] [16, 32] [1, 1] : tensor<16x64xf32> to tensor<16x32xf32>
        %20 = linalg.add ins(%red, %18 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%19 : tensor<16x32xf32>) -> tensor<16x32xf32>
        %21 = tensor.insert_slice %20 into %4[0, %jj] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x64xf32>
        %22 = tensor.extract_slice %5[0, %jj] [16, 32] [1, 1] : tensor<16x64xf32> to tensor<16x32xf32>
        %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<16x32xf32>) outs(%22 : tensor<16x32xf32>) {
        ^bb0(%x: f32, %out: f32):
          %r = arith.maximumf %x, %zero : f32
          linalg.yield %r : f32
        } -> tensor<16x32xf32>
        %24 = tensor.insert_slice %23 into %5[0, %jj] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x64xf32>
        scf.yield %a0_ins, %21, %24 : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>
      }
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %cols into %o[%i, %j] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<32x128xf32>
        tensor.parallel_insert_slice %cols_1 into %0[%i, %j] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<32x128xf32>
        tensor.parallel_insert_slice %cols_2 into %1[%i, %j] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<32x128xf32>
      }
    }
    func.return %mm_2 : tensor<32x128xf32>
  }
}

