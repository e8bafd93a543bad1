// The MLP layer of examples/mlp.mlir (24x40x48), its matmul and relu tiled by
// xfuse-tile{tile-sizes=16,32} (scf.for nests over insert_slice into iter_args, boundary tiles of
// dynamic size).
builtin.module {
  func.func @mlp(%input: tensor<24x40xf32>, %weight: tensor<40x48xf32>, %bias: tensor<48xf32>) -> tensor<24x48xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %empty = tensor.empty() : tensor<24x48xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<24x48xf32>) -> tensor<24x48xf32>
    %0 = arith.constant 0 : index
    %1 = arith.constant 24 : index
    %2 = arith.constant 16 : index
    %3 = arith.constant 48 : index
    %4 = arith.constant 32 : index
    %mm = scf.for %5 = %0 to %1 step %2 iter_args(%6 = %acc) -> (tensor<24x48xf32>) {
      %7 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 24))> (%5)
      %8 = scf.for %9 = %0 to %3 step %4 iter_args(%10 = %6) -> (tensor<24x48xf32>) {
        %11 = affine.min affine_map<(d0) -> (32, ((d0 * -1) + 48))> (%9)
        %12 = tensor.extract_slice %input[%5, 0] [%7, 40] [1, 1] : tensor<24x40xf32> to tensor<?x40xf32>
        %13 = tensor.extract_slice %weight[0, %9] [40, %11] [1, 1] : tensor<40x48xf32> to tensor<40x?xf32>
        %14 = tensor.extract_slice %10[%5, %9] [%7, %11] [1, 1] : tensor<24x48xf32> to tensor<?x?xf32>
        %15 = linalg.matmul ins(%12, %13 : tensor<?x40xf32>, tensor<40x?xf32>) outs(%14 : tensor<?x?xf32>) -> tensor<?x?xf32>
        %16 = tensor.insert_slice %15 into %10[%5, %9] [%7, %11] [1, 1] : tensor<?x?xf32> into tensor<24x48xf32>
        scf.yield %16 : tensor<24x48xf32>
      }
      scf.yield %8 : tensor<24x48xf32>
    }
    %bias2d = linalg.broadcast ins(%bias:tensor<48xf32>) outs(%empty:tensor<24x48xf32>) dimensions = [0]
    %sum = linalg.add ins(%mm, %bias2d : tensor<24x48xf32>, tensor<24x48xf32>) outs(%empty : tensor<24x48xf32>) -> tensor<24x48xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<24x48xf32>) outs(%empty : tensor<24x48xf32>) {
    ^bb0(%x: f32, %out: f32):
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    } -> tensor<24x48xf32>
    func.return %relu : tensor<24x48xf32>
  }
}

