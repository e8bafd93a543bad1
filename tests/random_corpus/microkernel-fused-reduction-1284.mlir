// pipeline: cse
// found by: random program seed 1284 (xfuse.testing.random_programs) through xfuse-merge-elementwise (generator:
// the untransformed program failed to compile: the reference side of every pipeline)
// fixed bug (backend, microkernel): the matmul schedule's greedy fuse takes the row maximum that is
// broadcast into its A operand into the register tile, vectorizes it to a vector.multi_reduction that
// nothing lowered, and mlir-translate failed ("dialect 'vector' is unknown"); transform_scripts.LOWER_FUSED_REDUCTIONS
func.func @p1284(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<3xf32>) -> (tensor<3x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %v3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x4xf32>) outs(%f2 : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %o : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e4 = tensor.empty() : tensor<3x4xf32>
  %v5 = linalg.broadcast ins(%v3 : tensor<4xf32>) outs(%e4 : tensor<3x4xf32>) dimensions = [0]
  %e6 = tensor.empty() : tensor<3x4xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %v8 = linalg.matmul ins(%v5, %arg1 : tensor<3x4xf32>, tensor<4x4xf32>) outs(%f7 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %e9 = tensor.empty() : tensor<3x4xf32>
  %v10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v8, %arg2 : tensor<3x4xf32>, tensor<3xf32>) outs(%e9 : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<3x4xf32>
  return %v10 : tensor<3x4xf32>
}