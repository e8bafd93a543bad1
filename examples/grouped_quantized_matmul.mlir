// The grouped quantized matmul of IREE issue #18513 ("[DT] Next steps for data tiling fusion
// improvements"), scaled down: M=64, N=96, K0=4, K1=32. The weights are 4-bit unsigned integers
// with a scale and a zero point per (row, group); the dequantization generic (the seed's, on i4)
// feeds a contraction with two K dimensions (K0, K1).
//
// The weights arrive as i8 holding values in [0, 16) and are truncated to an i4 tensor first:
// xfuse's runner takes no sub-byte arrays at the function boundary (numpy has no int4), while
// i4 tensors inside the function lower and run fine.
//
//   xfuse-opt examples/grouped_quantized_matmul.mlir -p 'xfuse-set-encoding,xfuse-materialize-encoding{target=host}'
//   xfuse-run examples/grouped_quantized_matmul.mlir --check -p 'xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-diffusion{root-tile-sizes=2,3},xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack'
func.func @grouped_quantized_matmul(%lhs: tensor<64x4x32xf32>, %rhs_i8: tensor<96x4x32xi8>,
                                    %scales: tensor<96x4xf32>, %zps: tensor<96x4xf32>) -> tensor<64x96xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %i4_init = tensor.empty() : tensor<96x4x32xi4>
  %rhs_quant = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%rhs_i8 : tensor<96x4x32xi8>) outs(%i4_init : tensor<96x4x32xi4>) {
  ^bb0(%in: i8, %out: i4):
    %q = arith.trunci %in : i8 to i4
    linalg.yield %q : i4
  } -> tensor<96x4x32xi4>
  %dq_init = tensor.empty() : tensor<96x4x32xf32>
  %rhs = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                       affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%rhs_quant, %scales, %zps : tensor<96x4x32xi4>, tensor<96x4xf32>, tensor<96x4xf32>) outs(%dq_init : tensor<96x4x32xf32>) {
  ^bb0(%in: i4, %in_0: f32, %in_1: f32, %out: f32):
    %5 = arith.extui %in : i4 to i32
    %6 = arith.uitofp %5 : i32 to f32
    %7 = arith.subf %6, %in_1 : f32
    %8 = arith.mulf %7, %in_0 : f32
    linalg.yield %8 : f32
  } -> tensor<96x4x32xf32>
  %empty = tensor.empty() : tensor<64x96xf32>
  %mm_init = linalg.fill ins(%cst : f32) outs(%empty : tensor<64x96xf32>) -> tensor<64x96xf32>
  %mm = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>,
                       affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>,
                       affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%lhs, %rhs : tensor<64x4x32xf32>, tensor<96x4x32xf32>) outs(%mm_init : tensor<64x96xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %5, %out : f32
    linalg.yield %6 : f32
  } -> tensor<64x96xf32>
  return %mm : tensor<64x96xf32>
}
