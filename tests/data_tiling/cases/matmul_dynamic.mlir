// CASE: target=x86_64-avx512 expect=linalg.mmt4d
// Dynamic sizes (8 at run time, padded to the 16x16x1 tiles): packed sizes are ceildiv(dim, 16),
// the unset_encoding carries the result's sizes.
func.func @matmul_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
