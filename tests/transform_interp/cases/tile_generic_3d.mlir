// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-using-interface.mlir
// (@multi_result / @conv-like generic tests): a 3-D generic with a transposed input, tiled
// [4, 0, 6] with scf.for, then its parent function canonicalized and CSE'd by the script.
func.func @generic_3d(%arg0 : tensor<10x20x30xf32>, %arg1 : tensor<30x10xf32>, %init : tensor<10x20x30xf32>) -> tensor<10x20x30xf32> {
  %0 = linalg.generic {
    indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
    iterator_types = ["parallel", "parallel", "parallel"]}
    ins(%arg0, %arg1 : tensor<10x20x30xf32>, tensor<30x10xf32>) outs(%init : tensor<10x20x30xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<10x20x30xf32>
  return %0 : tensor<10x20x30xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %generic = transform.structured.match ops{["linalg.generic"]} in %arg1
      : (!transform.any_op) -> !transform.any_op
    %a, %loops:2 = transform.structured.tile_using_for %generic tile_sizes [4, 0, 6]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f = transform.get_parent_op %a {op_name = "func.func"} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }
}
