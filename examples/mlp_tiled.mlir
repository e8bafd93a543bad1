// The diffusion RFC's MLP layer with the matmul already deeply tiled, as the RFC draws it:
//
//   input   weight (packed)
//     |       |
//     |     unpack
//      \     /      bias
//      matmul      /
//    (fill)  \  broadcast
//             \   /
//              add
//               |
//              relu
//
// relu(input x unpack(weight_packed) + broadcast(bias)), 256x512 times 512x1024. The matmul is a
// hand-written "template": an scf.forall over 64x256 blocks of the result, an scf.for over 64-wide
// column tiles inside each block, and an scf.for over K (the reduction, accumulating into the
// loop-carried tile). Fill, unpack, broadcast, add and relu are outside; fusion pulls the fill
// and the unpack in as producers and the add, relu (and then the broadcast) in as consumers.
//
//   xfuse-run examples/mlp_tiled.mlir --check --bench 5 \
//     -p 'xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-fuse-producers'
func.func @mlp_tiled(%input: tensor<256x512xf32>, %weight_packed: tensor<16x32x32x32xf32>,
                     %bias: tensor<1024xf32>) -> tensor<256x1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // The weight arrives in 32x32 blocks (K/32 x N/32 x 32 x 32): unpack it to 512x1024.
  %weight_empty = tensor.empty() : tensor<512x1024xf32>
  %weight = linalg.unpack %weight_packed inner_dims_pos = [0, 1] inner_tiles = [32, 32]
      into %weight_empty : tensor<16x32x32x32xf32> -> tensor<512x1024xf32>
  %empty = tensor.empty() : tensor<256x1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %mm = scf.forall (%i, %j) = (0, 0) to (256, 1024) step (64, 256)
      shared_outs(%out = %acc) -> (tensor<256x1024xf32>) {
    %input_rows = tensor.extract_slice %input[%i, 0] [64, 512] [1, 1]
        : tensor<256x512xf32> to tensor<64x512xf32>
    %weight_cols = tensor.extract_slice %weight[0, %j] [512, 256] [1, 1]
        : tensor<512x1024xf32> to tensor<512x256xf32>
    %out_block = tensor.extract_slice %out[%i, %j] [64, 256] [1, 1]
        : tensor<256x1024xf32> to tensor<64x256xf32>
    %block = scf.for %jj = %c0 to %c256 step %c64 iter_args(%block_acc = %out_block) -> (tensor<64x256xf32>) {
      %tile_acc = tensor.extract_slice %block_acc[0, %jj] [64, 64] [1, 1]
          : tensor<64x256xf32> to tensor<64x64xf32>
      %tile = scf.for %k = %c0 to %c512 step %c64 iter_args(%partial = %tile_acc) -> (tensor<64x64xf32>) {
        %a = tensor.extract_slice %input_rows[0, %k] [64, 64] [1, 1]
            : tensor<64x512xf32> to tensor<64x64xf32>
        %b = tensor.extract_slice %weight_cols[%k, %jj] [64, 64] [1, 1]
            : tensor<512x256xf32> to tensor<64x64xf32>
        %t = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
                           outs(%partial : tensor<64x64xf32>) -> tensor<64x64xf32>
        scf.yield %t : tensor<64x64xf32>
      }
      %block_next = tensor.insert_slice %tile into %block_acc[0, %jj] [64, 64] [1, 1]
          : tensor<64x64xf32> into tensor<64x256xf32>
      scf.yield %block_next : tensor<64x256xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %block into %out[%i, %j] [64, 256] [1, 1]
          : tensor<64x256xf32> into tensor<256x1024xf32>
    }
  }
  %bias_empty = tensor.empty() : tensor<256x1024xf32>
  %bias2d = linalg.broadcast ins(%bias : tensor<1024xf32>)
                             outs(%bias_empty : tensor<256x1024xf32>) dimensions = [0]
  %sum_empty = tensor.empty() : tensor<256x1024xf32>
  %sum = linalg.add ins(%mm, %bias2d : tensor<256x1024xf32>, tensor<256x1024xf32>)
                    outs(%sum_empty : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %out_empty = tensor.empty() : tensor<256x1024xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                           affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<256x1024xf32>) outs(%out_empty : tensor<256x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<256x1024xf32>
  return %relu : tensor<256x1024xf32>
}
