// CASE: target=x86_64-avx2 expect=linalg.generic
// Two K loops and unsigned casts (extui): no named form, the packed generic stays.
func.func @multi_k_unsigned(%a: tensor<16x3x5xi8>, %b: tensor<3x5x8xi8>, %c: tensor<16x8xi32>) -> tensor<16x8xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<16x3x5xi8>, tensor<3x5x8xi8>) outs(%c : tensor<16x8xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<16x8xi32>
  return %0 : tensor<16x8xi32>
}
