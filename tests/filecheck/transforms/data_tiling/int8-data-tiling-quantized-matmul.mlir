// xfuse-int8-data-tiling on linalg.quantized_matmul (IREE's
// tests/e2e/regression/linalg_quantized_matmul_vs_linalg_matmul.mlir): the op becomes an i8 x i8
// -> i32 matmul into the accumulator, data-tiled and run by the i8 kernel, and its zero-point
// terms (row sums of A, column sums of B, one elementwise generic); executed against the input.
// `remarks=true` says which integer contractions were left out and why.
// RUN: xfuse-run %s --entry dynamic --dynamic-size 5 -p 'xfuse-int8-data-tiling' --check | filecheck %s --check-prefix=EXEC
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-int8-data-tiling{target=x86_64-avx2 remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: xfuse-run %s --entry quantized -p 'xfuse-int8-data-tiling' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @quantized(%a: tensor<5x7xi8>, %b: tensor<7x9xi8>, %za: i32, %zb: i32, %c: tensor<5x9xi32>) -> tensor<5x9xi32>
// CHECK-NOT:     linalg.quantized_matmul
// CHECK:         %[[PC:[a-z0-9_]+]] = linalg.pack %c
// CHECK:         func.call @llvm.x86.avx2.pmadd.wd
// CHECK:         %[[AB:[a-z0-9_]+]] = linalg.unpack
// CHECK:         %[[ROWS:[a-z0-9_]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<5x7xi8>)
// CHECK:         %[[COLS:[a-z0-9_]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%b : tensor<7x9xi8>)
// CHECK:         %[[ZZ:[a-z0-9_]+]] = arith.muli %za, %zb : i32
// CHECK:         %[[KZZ:[a-z0-9_]+]] = arith.muli %{{.+}}, %[[ZZ]] : i32
// CHECK:         %[[OUT:[a-z0-9_]+]] = linalg.generic {{.+}} ins(%[[AB]], %[[ROWS]], %[[COLS]], %za, %zb, %[[KZZ]] : tensor<5x9xi32>, tensor<5xi32>, tensor<9xi32>, i32, i32, i32)
// CHECK:         return %[[OUT]]
func.func @quantized(%a: tensor<5x7xi8>, %b: tensor<7x9xi8>, %za: i32, %zb: i32, %c: tensor<5x9xi32>) -> tensor<5x9xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<5x7xi8>, tensor<7x9xi8>, i32, i32) outs(%c : tensor<5x9xi32>) -> tensor<5x9xi32>
  return %0 : tensor<5x9xi32>
}

// Dynamic sizes: read with tensor.dim, K as an i32 for K * za * zb.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:     linalg.quantized_matmul
// CHECK:         %[[K:[a-z0-9_]+]] = tensor.dim %a, %c1 : tensor<?x?xi8>
// CHECK-NEXT:    arith.index_cast %[[K]] : index to i32
// CHECK:         return
func.func @dynamic(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %za: i32, %zb: i32, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<?x?xi8>, tensor<?x?xi8>, i32, i32) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// REMARK: int8-data-tiling-quantized-matmul.mlir:[[# @LINE + 4]]:{{[0-9]+}}: remark: xfuse-int8-data-tiling: left alone: matvec-like: no M or N dimension to tile
// CHECK-LABEL: func.func @matvec
// CHECK:         linalg.matvec
func.func @matvec(%a: tensor<3x4xi8>, %b: tensor<4xi8>, %c: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.matvec ins(%a, %b : tensor<3x4xi8>, tensor<4xi8>) outs(%c : tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// N = 1 (IREE's narrow_n and 1000x1000x1 e2e matmuls): left to the plain reduction, which beats
// packing A in the call (int8_matmul.MATVEC_PLAIN).
// REMARK: int8-data-tiling-quantized-matmul.mlir:[[# @LINE + 4]]:{{[0-9]+}}: remark: xfuse-int8-data-tiling: left alone: N = 1: the plain reduction beats packing A in the call (int8_matmul.MATVEC_PLAIN)
// CHECK-LABEL: func.func @n1
// CHECK:         linalg.matmul ins(%a, %b : tensor<64x32xi8>, tensor<32x1xi8>)
func.func @n1(%a: tensor<64x32xi8>, %b: tensor<32x1xi8>, %c: tensor<64x1xi32>) -> tensor<64x1xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xi8>, tensor<32x1xi8>) outs(%c : tensor<64x1xi32>) -> tensor<64x1xi32>
  return %0 : tensor<64x1xi32>
}

// An i8 matmul with dynamic sizes: data-tiled, its mmt4d the kernel with M1, N1, K1 read at run
// time (tests/filecheck/transforms/data_tiling/i8-mmt4d-kernel-dynamic.mlir).
// CHECK-LABEL: func.func @dynamic_matmul
// CHECK:         tensor.dim
// CHECK:         func.call @llvm.x86.avx2.pmadd.wd
// CHECK-NOT:     linalg.mmt4d
// CHECK:         return
func.func @dynamic_matmul(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

