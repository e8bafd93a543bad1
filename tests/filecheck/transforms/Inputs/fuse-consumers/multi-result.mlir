// A consumer with two results (a linalg.generic with two outs): two new outputs of the loop.
func.func @f(%a: tensor<32x48xf32>, %bias: tensor<48xf32>) -> (tensor<32x48xf32>, tensor<48x32xf32>) {
  %e = tensor.empty() : tensor<32x48xf32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %e) -> (tensor<32x48xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %as = tensor.extract_slice %a[%oi, %oj] [16, 16] [1, 1] : tensor<32x48xf32> to tensor<16x16xf32>
    %os = tensor.extract_slice %o[%oi, %oj] [16, 16] [1, 1] : tensor<32x48xf32> to tensor<16x16xf32>
    %x = linalg.exp ins(%as : tensor<16x16xf32>) outs(%os : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<32x48xf32>
    }
  }
  %out0 = tensor.empty() : tensor<32x48xf32>
  %out1 = tensor.empty() : tensor<48x32xf32>
  // out0 = x + bias[j]; out1 = transpose(x * x)
  %g:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%r, %bias : tensor<32x48xf32>, tensor<48xf32>) outs(%out0, %out1 : tensor<32x48xf32>, tensor<48x32xf32>) {
  ^bb0(%x: f32, %b: f32, %z0: f32, %z1: f32):
    %s = arith.addf %x, %b : f32
    %p = arith.mulf %x, %x : f32
    linalg.yield %s, %p : f32, f32
  } -> tensor<32x48xf32>, tensor<48x32xf32>
  return %g#0, %g#1 : tensor<32x48xf32>, tensor<48x32xf32>
}
