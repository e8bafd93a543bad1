// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-using-scfforall.mlir (@multi_result,
// smaller static shapes, transform.structured.tile_using_forall for the test op): a generic with
// two transposed results tiled [10, 0, 20]: two shared_outs, two parallel_insert_slices.
#map0 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
func.func @multi_result(%arg0 : tensor<24x20x30xf32>) -> (tensor<24x30x20xf32>, tensor<30x24x20xf32>) {
  %init0 = tensor.empty() : tensor<24x30x20xf32>
  %init1 = tensor.empty() : tensor<30x24x20xf32>
  // (Generic form: xDSL 0.74 and MLIR 22 disagree on the custom form of a multi-result generic.)
  %0:2 = "linalg.generic"(%arg0, %init0, %init1) <{
      indexing_maps = [#map0, #map1, #map2],
      iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>],
      operandSegmentSizes = array<i32: 1, 2>}> ({
    ^bb0(%b0 : f32, %b1 : f32, %b2 : f32):
      "linalg.yield"(%b0, %b0) : (f32, f32) -> ()
    }) : (tensor<24x20x30xf32>, tensor<24x30x20xf32>, tensor<30x24x20xf32>) -> (tensor<24x30x20xf32>, tensor<30x24x20xf32>)
  return %0#0, %0#1 : tensor<24x30x20xf32>, tensor<30x24x20xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %generic = transform.structured.match ops{["linalg.generic"]} in %arg1
      : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.structured.tile_using_forall %generic tile_sizes [10, 0, 20]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
