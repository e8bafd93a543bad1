// The MLP layer of the diffusion RFC: relu(input x unpack(pack(weight)) + broadcast(bias)), with
// the matmul already deeply tiled (an scf.forall over 16x64 output tiles around an scf.for over
// 32-column tiles around the scf.for over K) and pack, unpack, fill, broadcast, add and relu
// outside. One run of xfuse-diffusion puts every op into the loop nest.
// Checked by diffusion.mlir (FileCheck) and with-mlir/transforms/diffusion-exec.mlir.
func.func @mlp(%input: tensor<32x64xf32>, %weight: tensor<64x128xf32>, %bias: tensor<128xf32>) -> tensor<32x128xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pe = tensor.empty() : tensor<8x16x8x8xf32>
  %packed = linalg.pack %weight inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %pe : tensor<64x128xf32> -> tensor<8x16x8x8xf32>
  %we = tensor.empty() : tensor<64x128xf32>
  %w = linalg.unpack %packed inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %we : tensor<8x16x8x8xf32> -> tensor<64x128xf32>
  %empty = tensor.empty() : tensor<32x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x128xf32>) -> tensor<32x128xf32>
  %mm = scf.forall (%i, %j) = (0, 0) to (32, 128) step (16, 64) shared_outs(%o = %acc) -> (tensor<32x128xf32>) {
    %in_s = tensor.extract_slice %input[%i, 0] [16, 64] [1, 1] : tensor<32x64xf32> to tensor<16x64xf32>
    %w_s = tensor.extract_slice %w[0, %j] [64, 64] [1, 1] : tensor<64x128xf32> to tensor<64x64xf32>
    %o_s = tensor.extract_slice %o[%i, %j] [16, 64] [1, 1] : tensor<32x128xf32> to tensor<16x64xf32>
    %cols = scf.for %jj = %c0 to %c64 step %c32 iter_args(%a0 = %o_s) -> (tensor<16x64xf32>) {
      %a0_s = tensor.extract_slice %a0[0, %jj] [16, 32] [1, 1] : tensor<16x64xf32> to tensor<16x32xf32>
      %red = scf.for %k = %c0 to %c64 step %c16 iter_args(%a1 = %a0_s) -> (tensor<16x32xf32>) {
        %in_t = tensor.extract_slice %in_s[0, %k] [16, 16] [1, 1] : tensor<16x64xf32> to tensor<16x16xf32>
        %w_t = tensor.extract_slice %w_s[%k, %jj] [16, 32] [1, 1] : tensor<64x64xf32> to tensor<16x32xf32>
        %a1_s = tensor.extract_slice %a1[0, 0] [16, 32] [1, 1] : tensor<16x32xf32> to tensor<16x32xf32>
        %t = linalg.matmul ins(%in_t, %w_t : tensor<16x16xf32>, tensor<16x32xf32>) outs(%a1_s : tensor<16x32xf32>) -> tensor<16x32xf32>
        %t_ins = tensor.insert_slice %t into %a1[0, 0] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x32xf32>
        scf.yield %t_ins : tensor<16x32xf32>
      }
      %a0_ins = tensor.insert_slice %red into %a0[0, %jj] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x64xf32>
      scf.yield %a0_ins : tensor<16x64xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %cols into %o[%i, %j] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<32x128xf32>
    }
  }
  %be = tensor.empty() : tensor<32x128xf32>
  %bias2d = linalg.broadcast ins(%bias : tensor<128xf32>) outs(%be : tensor<32x128xf32>) dimensions = [0]
  %se = tensor.empty() : tensor<32x128xf32>
  %sum = linalg.add ins(%mm, %bias2d : tensor<32x128xf32>, tensor<32x128xf32>) outs(%se : tensor<32x128xf32>) -> tensor<32x128xf32>
  %re = tensor.empty() : tensor<32x128xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<32x128xf32>) outs(%re : tensor<32x128xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<32x128xf32>
  return %relu : tensor<32x128xf32>
}
