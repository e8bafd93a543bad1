// Adapted from MLIR 22 test/Interfaces/TilingInterface/tile-using-interface.mlir
// (@simple_matmul, @simple_matmul_interchange; static shapes): tile sizes [10, 20, 30] with
// interchange [1, 2, 0] (the reduction loop tiled too), then a second op tiled [10, 0, 0].
func.func @simple_matmul(%arg0 : tensor<45x70xf32>, %arg1 : tensor<70x55xf32>,
    %arg2 : tensor<45x55xf32>, %arg3 : tensor<55x33xf32>, %arg4 : tensor<45x33xf32>) -> (tensor<45x55xf32>, tensor<45x33xf32>) {
  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<45x70xf32>, tensor<70x55xf32>)
      outs(%arg2 : tensor<45x55xf32>) -> tensor<45x55xf32>
  %1 = linalg.matmul {second} ins(%0, %arg3 : tensor<45x55xf32>, tensor<55x33xf32>)
      outs(%arg4 : tensor<45x33xf32>) -> tensor<45x33xf32>
  return %0, %1 : tensor<45x55xf32>, tensor<45x33xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1 : !transform.any_op {transform.readonly}) {
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %arg1
      : (!transform.any_op) -> !transform.any_op
    %first, %second = transform.split_handle %matmuls : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a, %loops:3 = transform.structured.tile_using_for %first tile_sizes [10, 20, 30] interchange = [1, 2, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %by_attr = transform.structured.match attributes {second} in %arg1 : (!transform.any_op) -> !transform.any_op
    %b, %loop = transform.structured.tile_using_for %by_attr tile_sizes [10]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
