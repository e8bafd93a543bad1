// The seed's @grouped_quantized_matmul (IREE issue #18513), at its full size, materialized with
// the seed's tiles (m, n, k1) = (4, 8, 16): the packs, the dequantization generic packed with its
// operands, and the 7-loop packed contraction exactly as the seed's @packed_grouped_quantized_matmul
// (loops (M, N, K0, K1, m, n, k1) printed as d0..d6).
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-set-encoding,xfuse-materialize-encoding{tile-sizes=4,8,16}' | filecheck %s
// The same with a table target (AVX2: 8x8x1), then generic-to-mmt4d collapsing K0 x K1.
// RUN: xfuse-opt %s -p 'xfuse-set-encoding,xfuse-materialize-encoding{target=x86_64-avx2},xfuse-generic-to-mmt4d' | filecheck %s --check-prefix=MMT4D
// The scaled-down example (M=64, N=96, K0=4, K1=32) end to end, executed and compared with the
// untransformed function: set-encoding, materialize, fusion into one scf.forall, mmt4d, backend.
// RUN: xfuse-run %S/../../../../examples/grouped_quantized_matmul.mlir -p 'xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-diffusion{root-tile-sizes=2,3},xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input
// The output is valid MLIR 22.
// RUN: xfuse-opt %s -p 'xfuse-set-encoding,xfuse-materialize-encoding{tile-sizes=4,8,16}' --print-op-generic | mlir-opt | filecheck %s --check-prefix=MLIR

// CHECK-LABEL: func.func @grouped_quantized_matmul
// CHECK-SAME:    (%[[LHS:.+]]: tensor<1024x32x128xf32>, %[[RHS_QUANT:.+]]: tensor<11008x32x128xi4>, %[[SCALES:.+]]: tensor<11008x32xf32>, %[[ZPS:.+]]: tensor<11008x32xf32>)
// CHECK-DAG:     %[[PACK_LHS:.+]] = linalg.pack %[[LHS]] padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1, 2] inner_dims_pos = [0, 2] inner_tiles = [4, 16] into %{{.+}} : tensor<1024x32x128xf32> -> tensor<256x32x8x4x16xf32>
// CHECK-DAG:     %[[PACK_SCALES:.+]] = linalg.pack %[[SCALES]] padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [8] into %{{.+}} : tensor<11008x32xf32> -> tensor<1376x32x8xf32>
// CHECK-DAG:     %[[PACK_ZPS:.+]] = linalg.pack %[[ZPS]] padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [8] into %{{.+}} : tensor<11008x32xf32> -> tensor<1376x32x8xf32>
// CHECK-DAG:     %[[PACK_RHS_QUANT:.+]] = linalg.pack %[[RHS_QUANT]] padding_value(%{{.+}} : i4) outer_dims_perm = [0, 1, 2] inner_dims_pos = [0, 2] inner_tiles = [8, 16] into %{{.+}} : tensor<11008x32x128xi4> -> tensor<1376x32x8x8x16xi4>
// CHECK:         %[[DQ_INIT:.+]] = tensor.empty() : tensor<1376x32x8x8x16xf32>
// CHECK:         %[[PACK_RHS:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%[[PACK_RHS_QUANT]], %[[PACK_SCALES]], %[[PACK_ZPS]] : tensor<1376x32x8x8x16xi4>, tensor<1376x32x8xf32>, tensor<1376x32x8xf32>) outs(%[[DQ_INIT]] : tensor<1376x32x8x8x16xf32>)
// CHECK:           arith.extui
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<256x1376x4x8xf32>
// CHECK:         %[[MM_INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[EMPTY]] : tensor<256x1376x4x8xf32>) -> tensor<256x1376x4x8xf32>
// CHECK:         %[[MM:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d4, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d4, d5)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%[[PACK_LHS]], %[[PACK_RHS]] : tensor<256x32x8x4x16xf32>, tensor<1376x32x8x8x16xf32>) outs(%[[MM_INIT]] : tensor<256x1376x4x8xf32>)
// CHECK:         %[[UNPACK_INIT:.+]] = tensor.empty() : tensor<1024x11008xf32>
// CHECK:         %[[UNPACK:.+]] = linalg.unpack %[[MM]] outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %[[UNPACK_INIT]] : tensor<256x1376x4x8xf32> -> tensor<1024x11008xf32>
// CHECK:         func.return %[[UNPACK]]
// CHECK-NOT:     iree_encoding

// MMT4D-LABEL: func.func @grouped_quantized_matmul
// MMT4D:         linalg.pack %lhs {{.*}} inner_tiles = [8, 1] {{.*}} -> tensor<128x32x128x8x1xf32>
// MMT4D:         %[[DQ:.+]] = linalg.generic
// MMT4D:         } -> tensor<1376x32x128x8x1xf32>
// MMT4D:         %[[A:.+]] = tensor.collapse_shape %{{.+}} {{.*}} : tensor<128x32x128x8x1xf32> into tensor<128x4096x8x1xf32>
// MMT4D:         %[[B:.+]] = tensor.collapse_shape %[[DQ]] {{.*}} : tensor<1376x32x128x8x1xf32> into tensor<1376x4096x8x1xf32>
// MMT4D:         %[[MM:.+]] = linalg.mmt4d ins(%[[A]], %[[B]] : tensor<128x4096x8x1xf32>, tensor<1376x4096x8x1xf32>) outs(%{{.+}} : tensor<128x1376x8x8xf32>) -> tensor<128x1376x8x8xf32>
// MMT4D:         linalg.unpack %[[MM]] outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 8]

// MLIR: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel", "reduction"]
// MLIR: linalg.unpack

func.func @grouped_quantized_matmul(%lhs: tensor<1024x32x128xf32>, %rhs_quant: tensor<11008x32x128xi4>,
                                    %scales: tensor<11008x32xf32>, %zps: tensor<11008x32xf32>) -> tensor<1024x11008xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %dq_init = tensor.empty() : tensor<11008x32x128xf32>
  %rhs = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                       affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%rhs_quant, %scales, %zps : tensor<11008x32x128xi4>, tensor<11008x32xf32>, tensor<11008x32xf32>) outs(%dq_init : tensor<11008x32x128xf32>) {
  ^bb0(%in: i4, %in_0: f32, %in_1: f32, %out: f32):
    %5 = arith.extui %in : i4 to i32
    %6 = arith.uitofp %5 : i32 to f32
    %7 = arith.subf %6, %in_1 : f32
    %8 = arith.mulf %7, %in_0 : f32
    linalg.yield %8 : f32
  } -> tensor<11008x32x128xf32>
  %empty = tensor.empty() : tensor<1024x11008xf32>
  %mm_init = linalg.fill ins(%cst : f32) outs(%empty : tensor<1024x11008xf32>) -> tensor<1024x11008xf32>
  %mm = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>,
                       affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>,
                       affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%lhs, %rhs : tensor<1024x32x128xf32>, tensor<11008x32x128xf32>) outs(%mm_init : tensor<1024x11008xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %5, %out : f32
    linalg.yield %6 : f32
  } -> tensor<1024x11008xf32>
  return %mm : tensor<1024x11008xf32>
}
