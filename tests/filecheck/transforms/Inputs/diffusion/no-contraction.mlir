// A loop nest holding no contraction (a tiled exp), a broadcast before it, an add and a relu
// after: seeds=contractions finds nothing; seeds=all-in-loops (or seeds=marked, the exp
// carrying xfuse.diffusion_seed) diffuses from the exp.
func.func @f(%x: tensor<64x64xf32>, %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %bc = linalg.broadcast ins(%b : tensor<64xf32>) outs(%e : tensor<64x64xf32>) dimensions = [0]
  %r = scf.forall (%i) in (4) shared_outs(%o = %e) -> (tensor<64x64xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %xs = tensor.extract_slice %x[%oi, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
    %os = tensor.extract_slice %o[%oi, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
    %y = linalg.exp ins(%xs : tensor<16x64xf32>) outs(%os : tensor<16x64xf32>) attrs = {xfuse.diffusion_seed} -> tensor<16x64xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%oi, 0] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<64x64xf32>
    }
  }
  %e2 = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%r, %bc : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %relu : tensor<64x64xf32>
}
