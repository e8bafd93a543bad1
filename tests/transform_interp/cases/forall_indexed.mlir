// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-using-scfforall.mlir
// (@indexed_semantics, static shapes, transform.structured.tile_using_forall for the test op):
// linalg.index in the tiled body must still read the index of the untiled op.
func.func @indexed_semantics(%arg0: tensor<13x17xf32>, %arg1: tensor<13x17xf32>) -> tensor<13x17xf32> {
  %0 = linalg.generic {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                     affine_map<(d0, d1) -> (d0, d1)>],
    iterator_types = ["parallel", "parallel"]}
    ins(%arg0: tensor<13x17xf32>)
    outs(%arg1: tensor<13x17xf32>) {
  ^bb0(%arg2: f32, %arg3: f32):
    %1 = linalg.index 0 : index
    %2 = linalg.index 1 : index
    %3 = arith.addi %1, %2 : index
    %4 = arith.index_cast %3 : index to i64
    %5 = arith.uitofp %4 : i64 to f32
    %6 = arith.addf %5, %arg2 : f32
    linalg.yield %6 : f32
  } -> tensor<13x17xf32>
  return %0 : tensor<13x17xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %generic = transform.structured.match ops{["linalg.generic"]} in %arg1
      : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.structured.tile_using_forall %generic tile_sizes [10, 20]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
