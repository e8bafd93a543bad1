// The MLP of examples/mlp.mlir after tile-and-fuse (the input of xfuse-bufferize in practice):
// examples/mlp.mlir with the matmul marked {xfuse.tile_sizes = array<i64: 64, 64>}, then
//   xfuse-opt -p 'xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers'
// One scf.forall with three shared_outs (matmul, add, relu tiles); the broadcast stays outside.
builtin.module {
  func.func @mlp(%input: tensor<256x512xf32>, %weight: tensor<512x1024xf32>, %bias: tensor<1024xf32>) -> tensor<256x1024xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %empty = tensor.empty() : tensor<256x1024xf32>
    %bias_empty = tensor.empty() : tensor<256x1024xf32>
    %bias2d = linalg.broadcast ins(%bias:tensor<1024xf32>) outs(%bias_empty:tensor<256x1024xf32>) dimensions = [0]
    %sum_empty = tensor.empty() : tensor<256x1024xf32>
    %out_empty = tensor.empty() : tensor<256x1024xf32>
    %mm, %mm_1, %mm_2 = scf.forall (%0, %1) = (0, 0) to (256, 1024) step (64, 64) shared_outs(%2 = %empty, %3 = %sum_empty, %4 = %out_empty) -> (tensor<256x1024xf32>, tensor<256x1024xf32>, tensor<256x1024xf32>) {
      %5 = tensor.extract_slice %input[%0, 0] [64, 512] [1, 1] : tensor<256x512xf32> to tensor<64x512xf32>
      %6 = tensor.extract_slice %weight[0, %1] [512, 64] [1, 1] : tensor<512x1024xf32> to tensor<512x64xf32>
      %7 = tensor.extract_slice %2[%0, %1] [64, 64] [1, 1] : tensor<256x1024xf32> to tensor<64x64xf32>
      %8 = linalg.fill ins(%zero : f32) outs(%7 : tensor<64x64xf32>) -> tensor<64x64xf32>
      %9 = linalg.matmul ins(%5, %6 : tensor<64x512xf32>, tensor<512x64xf32>) outs(%8 : tensor<64x64xf32>) -> tensor<64x64xf32>
      %10 = tensor.extract_slice %bias2d[%0, %1] [64, 64] [1, 1] : tensor<256x1024xf32> to tensor<64x64xf32>
      %11 = tensor.extract_slice %3[%0, %1] [64, 64] [1, 1] : tensor<256x1024xf32> to tensor<64x64xf32>
      %12 = linalg.add ins(%9, %10 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%11 : tensor<64x64xf32>) -> tensor<64x64xf32>
      %13 = tensor.extract_slice %4[%0, %1] [64, 64] [1, 1] : tensor<256x1024xf32> to tensor<64x64xf32>
      %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<64x64xf32>) outs(%13 : tensor<64x64xf32>) {
      ^bb0(%x: f32, %out: f32):
        %r = arith.maximumf %x, %zero : f32
        linalg.yield %r : f32
      } -> tensor<64x64xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %9 into %2[%0, %1] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<256x1024xf32>
        tensor.parallel_insert_slice %12 into %3[%0, %1] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<256x1024xf32>
        tensor.parallel_insert_slice %14 into %4[%0, %1] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<256x1024xf32>
      }
    }
    func.return %mm_2 : tensor<256x1024xf32>
  }
}

