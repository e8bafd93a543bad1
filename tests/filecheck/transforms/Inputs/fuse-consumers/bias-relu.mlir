func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %bias: tensor<64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mm = scf.forall (%i, %j) in (4, 2) shared_outs(%o = %init) -> (tensor<64x64xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %as = tensor.extract_slice %a[%oi, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %bs = tensor.extract_slice %b[0, %oj] [32, 32] [1, 1] : tensor<32x64xf32> to tensor<32x32xf32>
    %os = tensor.extract_slice %o[%oi, %oj] [16, 32] [1, 1] : tensor<64x64xf32> to tensor<16x32xf32>
    %t = linalg.matmul ins(%as, %bs : tensor<16x32xf32>, tensor<32x32xf32>) outs(%os : tensor<16x32xf32>) -> tensor<16x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%oi, %oj] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<64x64xf32>
    }
  }
  %out = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<64x64xf32>, tensor<64xf32>) outs(%out : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
