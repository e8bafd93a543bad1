// An unpacked operand (37 of 40 rows, inner tiles 8x8) of a matmul tiled by 12 rows: each row
// tile cuts the unpack's inner tiles, so diffusion fuses the unpack in its covering form (the
// outer tiles covering the 12 rows unpacked into a temporary, then sliced); the fill too.
func.func @f(%ap: tensor<5x4x8x8xf32>, %b: tensor<32x16xf32>) -> tensor<37x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ae = tensor.empty() : tensor<37x32xf32>
  %a = linalg.unpack %ap inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %ae : tensor<5x4x8x8xf32> -> tensor<37x32xf32>
  %e = tensor.empty() : tensor<37x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x16xf32>) -> tensor<37x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<37x32xf32>, tensor<32x16xf32>) outs(%acc : tensor<37x16xf32>) -> tensor<37x16xf32>
  return %mm : tensor<37x16xf32>
}
