// Partial reduction then producer fusion, the pattern of MLIR's
// test/Interfaces/TilingInterface/tile-and-fuse-with-reduction-tiling.mlir written with upstream
// transform ops: the row sum of exp(x) is tiled by tile_reduction_using_forall (3 threads), then
// the exp is fused into the forall (through the split op's input slice); two targets
// in one handle (the two reductions) bind their results position by position.
func.func @sum_exp(%x: tensor<6x40xf32>, %y: tensor<6x40xf32>, %out: tensor<6xf32>, %out2: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %empty = tensor.empty() : tensor<6x40xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
   iterator_types = ["parallel", "parallel"]} ins(%x : tensor<6x40xf32>) outs(%empty : tensor<6x40xf32>) {
    ^bb0(%a: f32, %b: f32):
      %0 = math.exp %a : f32
      linalg.yield %0 : f32
    } -> tensor<6x40xf32>
  %s = linalg.reduce ins(%e : tensor<6x40xf32>) outs(%out : tensor<6xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %m = linalg.reduce ins(%y : tensor<6x40xf32>) outs(%out2 : tensor<6xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.minimumf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %s, %m : tensor<6xf32>, tensor<6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %reds = transform.structured.match ops{["linalg.reduce"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %exp = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fill, %split, %merge, %loops = transform.structured.tile_reduction_using_forall %reds by num_threads = [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %first_loop, %second_loop = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new_loop = transform.structured.fuse_into_containing_op %exp into %first_loop : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
