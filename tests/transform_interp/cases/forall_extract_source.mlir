// Adapted from MLIR 22 test/Dialect/Linalg/tile-to-forall.mlir (@extract_source): the
// destination is a slice of an argument.
func.func @extract_source(%A: tensor<4xf32>, %B: tensor<16xf32>) -> tensor<4xf32> {
  %B1 = tensor.extract_slice %B[10] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %result = linalg.generic {indexing_maps = [
    affine_map<(d0) -> (d0)>,affine_map<(d0) -> (d0)>],
    iterator_types = ["parallel"]}
    ins(%A : tensor<4xf32>) outs(%B1 : tensor<4xf32>) {
    ^bb0(%arg3: f32, %arg4: f32):
      %2 = arith.addf %arg3, %arg3 : f32
      linalg.yield %2 : f32
  } -> tensor<4xf32>
  return %result : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:2 = transform.structured.tile_using_forall %0 num_threads [2] ( mapping = [#gpu.thread<x>])
         : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
