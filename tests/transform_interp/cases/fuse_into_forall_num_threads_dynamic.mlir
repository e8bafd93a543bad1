// Tile-and-fuse on dynamic shapes with a run-time thread count, adapted from MLIR 22
// test/Dialect/Linalg/transform-op-fuse-into-containing.mlir (@fuse_tileable_op on tensor<?xf32>,
// whose forall is built by tile_using_forall here): a generic tiled with num_threads [%nt]
// (%nt = %n + 2, a payload value), then its fill and exp producers fused into the forall; the
// threads past the end have empty tiles of the producers too.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fuse_into_dynamic_threads(%a: tensor<?x?xf32>, %init: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : index
  %nt = arith.addi %n, %c2 : index
  %cst = arith.constant 4.200000e+01 : f32
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = linalg.exp ins(%a : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e : tensor<?x?xf32>) outs(%fill : tensor<?x?xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %nt = transform.structured.match ops{["arith.addi"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %g num_threads [%nt, 3]
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %producers = transform.structured.match ops{["linalg.fill", "linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %fused, %new = transform.structured.fuse_into_containing_op %producers into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
