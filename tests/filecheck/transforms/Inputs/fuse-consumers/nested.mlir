func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %e = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mm = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<64x64xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %as = tensor.extract_slice %a[%oi, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %orow = tensor.extract_slice %o[%oi, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
    %row = scf.for %j = %c0 to %c64 step %c16 iter_args(%acc = %orow) -> (tensor<16x64xf32>) {
      %bs = tensor.extract_slice %b[0, %j] [32, 16] [1, 1] : tensor<32x64xf32> to tensor<32x16xf32>
      %accs = tensor.extract_slice %acc[0, %j] [16, 16] [1, 1] : tensor<16x64xf32> to tensor<16x16xf32>
      %t = linalg.matmul ins(%as, %bs : tensor<16x32xf32>, tensor<32x16xf32>) outs(%accs : tensor<16x16xf32>) -> tensor<16x16xf32>
      %u = tensor.insert_slice %t into %acc[0, %j] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<16x64xf32>
      scf.yield %u : tensor<16x64xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%oi, 0] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<64x64xf32>
    }
  }
  %out = tensor.empty() : tensor<64x64xf32>
  %sum = linalg.add ins(%mm, %c : tensor<64x64xf32>, tensor<64x64xf32>) outs(%out : tensor<64x64xf32>) -> tensor<64x64xf32>
  %out2 = tensor.empty() : tensor<64x64xf32>
  %r = linalg.exp ins(%sum : tensor<64x64xf32>) outs(%out2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
