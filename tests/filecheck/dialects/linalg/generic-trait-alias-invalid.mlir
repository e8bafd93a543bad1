// linalg.generic's leading dictionary may be an alias (`#trait`); an alias of anything else is
// refused where it is used.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s

#not_a_dictionary = affine_map<(i) -> (i)>
func.func @trait_alias(%a: tensor<4xf32>) {
  %r = linalg.generic #not_a_dictionary ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}
// CHECK: generic-trait-alias-invalid.mlir:7:23
// CHECK: expected an attribute dictionary, got affine_map<(d0) -> (d0)>
