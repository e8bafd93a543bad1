// IREE-style encoded IR (the encodings propagated to an empty, a fill and an elementwise
// consumer): materialized for a target vs with the encodings dropped (target=none).
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [32, 48, 20]>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_bias_relu(%a: tensor<32x20xf32>, %b: tensor<20x48xf32>, %bias: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = iree_encoding.set_encoding %a : tensor<32x20xf32> -> tensor<32x20xf32, #lhs>
  %1 = iree_encoding.set_encoding %b : tensor<20x48xf32> -> tensor<20x48xf32, #rhs>
  %e = tensor.empty() : tensor<32x48xf32, #out>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<32x48xf32, #out>) -> tensor<32x48xf32, #out>
  %mm = linalg.matmul ins(%0, %1 : tensor<32x20xf32, #lhs>, tensor<20x48xf32, #rhs>) outs(%f : tensor<32x48xf32, #out>) -> tensor<32x48xf32, #out>
  %bias_e = iree_encoding.set_encoding %bias : tensor<32x48xf32> -> tensor<32x48xf32, #out>
  %e2 = tensor.empty() : tensor<32x48xf32, #out>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias_e : tensor<32x48xf32, #out>, tensor<32x48xf32, #out>) outs(%e2 : tensor<32x48xf32, #out>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %cst : f32
    linalg.yield %m : f32
  } -> tensor<32x48xf32, #out>
  %u = iree_encoding.unset_encoding %r : tensor<32x48xf32, #out> -> tensor<32x48xf32>
  return %u : tensor<32x48xf32>
}
