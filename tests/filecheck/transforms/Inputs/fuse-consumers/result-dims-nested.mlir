// Adapted from MLIR's tile-and-fuse-consumer.mlir (@fuse_tilable_consumer_nested_scf_loop): a
// matmul tiled by an scf.forall with an scf.for nest inside, its consumer an add. Here the shapes
// are dynamic, the tiles partial (affine.min), and the add's destination is sized by tensor.dim
// of the forall's result, after the loop. Run with --dynamic-size 13 (tiles of 8 then 5).
func.func @nested(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 0.000000e+00 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %k = tensor.dim %a, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (%m, %n) step (8, 8) shared_outs(%o = %fill) -> (tensor<?x?xf32>) {
    %ti = affine.min affine_map<(d0)[s0] -> (8, s0 - d0)>(%i)[%m]
    %tj = affine.min affine_map<(d0)[s0] -> (8, s0 - d0)>(%j)[%n]
    %os = tensor.extract_slice %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %as = tensor.extract_slice %a[%i, 0] [%ti, %k] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %bs = tensor.extract_slice %b[0, %j] [%k, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %t = scf.for %ii = %c0 to %ti step %c4 iter_args(%acc = %os) -> (tensor<?x?xf32>) {
      %tii = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%ii)[%ti]
      %inner = scf.for %jj = %c0 to %tj step %c4 iter_args(%acc2 = %acc) -> (tensor<?x?xf32>) {
        %tjj = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%jj)[%tj]
        %cs = tensor.extract_slice %acc2[%ii, %jj] [%tii, %tjj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %ass = tensor.extract_slice %as[%ii, 0] [%tii, %k] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %bss = tensor.extract_slice %bs[0, %jj] [%k, %tjj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %mm = linalg.matmul ins(%ass, %bss : tensor<?x?xf32>, tensor<?x?xf32>) outs(%cs : tensor<?x?xf32>) -> tensor<?x?xf32>
        %ins = tensor.insert_slice %mm into %acc2[%ii, %jj] [%tii, %tjj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
        scf.yield %ins : tensor<?x?xf32>
      }
      scf.yield %inner : tensor<?x?xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  %rm = tensor.dim %r, %c0 : tensor<?x?xf32>
  %rn = tensor.dim %r, %c1 : tensor<?x?xf32>
  %out = tensor.empty(%rm, %rn) : tensor<?x?xf32>
  %sum = linalg.add ins(%r, %c : tensor<?x?xf32>, tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}
