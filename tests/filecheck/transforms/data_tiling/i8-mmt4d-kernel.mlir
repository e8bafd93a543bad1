// xfuse-i8-mmt4d-kernel: an i8 x i8 -> i32 mmt4d with 8x8x2 (or m0 x 8 x 2) inner tiles as loops
// around a register kernel of pairwise multiply-adds (AVX2's vpmaddwd, or portable vector ops);
// executed against the mmt4d on random values (`auto`: vpmaddwd on a machine with AVX2).
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=avx2}' | filecheck %s --check-prefixes=CHECK,AVX2
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' | filecheck %s --check-prefixes=CHECK,PORTABLE
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: not xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=sse}' 2>&1 | filecheck %s --check-prefix=BAD
// RUN: xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry narrow_m -p 'xfuse-i8-mmt4d-kernel' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry narrow_m -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input
// BAD: xfuse-i8-mmt4d-kernel: flavor=sse: auto, avx2, avx512, vnni, portable, dpbusd expected

// AVX2:      func.func private @llvm.x86.avx2.pmadd.wd(vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// PORTABLE-NOT: @llvm.x86.avx2.pmadd.wd
// The accumulator (here a function argument, not a zero fill) is read before the K loop. The A
// tile's pairs are first made i32s (low half a0, high half a1, sign-extended to i16 each), so
// that a row's pair is broadcast to the 8 lanes by one read.
// CHECK-LABEL: func.func @mmt4d
// CHECK:         %[[PA:[a-z0-9_]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2, 1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]{{.*}} ins(%a, %a : tensor<3x5x8x2xi8>, tensor<3x5x8x2xi8>) outs(%{{.+}} : tensor<3x5x8xi32>)
// CHECK:           arith.extsi %{{.+}} : i8 to i32
// CHECK:           arith.extsi %{{.+}} : i8 to i32
// CHECK:           arith.andi %{{.+}}, %{{.+}} : i32
// CHECK:           arith.shli %{{.+}}, %{{.+}} : i32
// CHECK:           arith.ori
// CHECK:         %[[FB:[a-z0-9_]+]] = tensor.collapse_shape %b {{.+}} : tensor<2x5x8x2xi8> into tensor<2x5x16xi8>
// CHECK:         scf.for %[[I:[a-z0-9_]+]] = {{.+}} iter_args(%[[CI:[a-z0-9_]+]] = %c)
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = {{.+}} iter_args(%[[CJ:[a-z0-9_]+]] = %[[CI]])
// CHECK-COUNT-8:     vector.transfer_read %[[CJ]]{{.*}} : tensor<3x2x8x8xi32>, vector<8xi32>
// CHECK:             scf.for %[[K:[a-z0-9_]+]] = {{.+}} -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK:               vector.transfer_read %[[FB]][%[[J]], %[[K]], %{{.+}}]{{.*}} : tensor<2x5x16xi8>, vector<16xi8>
// CHECK:               arith.extsi %{{.+}} : vector<16xi8> to vector<16xi16>
// CHECK:               vector.transfer_read %[[PA]][%[[I]], %[[K]], %{{.+}}], %{{.+}} {in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (0)>} : tensor<3x5x8xi32>, vector<8xi32>
// CHECK:               vector.bitcast %{{.+}} : vector<8xi32> to vector<16xi16>
// AVX2-COUNT-8:        func.call @llvm.x86.avx2.pmadd.wd(%{{.+}}, %{{.+}}) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// PORTABLE:            vector.shuffle %{{.+}}, %{{.+}} [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
// PORTABLE:            vector.shuffle %{{.+}}, %{{.+}} [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
// PORTABLE:            arith.muli %{{.+}}, %{{.+}} : vector<8xi32>
// CHECK-COUNT-8:     vector.transfer_write
// CHECK-NOT:     linalg.mmt4d
func.func @mmt4d(%a: tensor<3x5x8x2xi8>, %b: tensor<2x5x8x2xi8>, %c: tensor<3x2x8x8xi32>) -> tensor<3x2x8x8xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<3x5x8x2xi8>, tensor<2x5x8x2xi8>) outs(%c : tensor<3x2x8x8xi32>) -> tensor<3x2x8x8xi32>
  return %0 : tensor<3x2x8x8xi32>
}

// A narrow M tile (m0 = 2: materialize's tile for M = 2): two rows, two broadcast reads per K step.
// CHECK-LABEL: func.func @narrow_m
// CHECK:         linalg.generic {{.+}} ins(%a, %a : tensor<1x7x2x2xi8>, tensor<1x7x2x2xi8>) outs(%{{.+}} : tensor<1x7x2xi32>)
// CHECK-COUNT-2:   vector.transfer_read %{{.+}} : tensor<1x7x2xi32>, vector<8xi32>
// CHECK-NOT:     linalg.mmt4d
func.func @narrow_m(%a: tensor<1x7x2x2xi8>, %b: tensor<3x7x8x2xi8>, %c: tensor<1x3x2x8xi32>) -> tensor<1x3x2x8xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<1x7x2x2xi8>, tensor<3x7x8x2xi8>) outs(%c : tensor<1x3x2x8xi32>) -> tensor<1x3x2x8xi32>
  return %0 : tensor<1x3x2x8xi32>
}

// Left alone: k0 = 4 (aarch64-dotprod's tile) and a float mmt4d (no remark: not an integer one).
// REMARK: remark: xfuse-i8-mmt4d-kernel: left alone: inner tile 8x8x4; the kernel takes n0 = 8 or 16, m0 <= n0, k0 = 2
// REMARK-NOT: remark
// CHECK-LABEL: func.func @dotprod_tile
// CHECK:         linalg.mmt4d
// CHECK-LABEL: func.func @float
// CHECK:         linalg.mmt4d
func.func @dotprod_tile(%a: tensor<1x2x8x4xi8>, %b: tensor<1x2x8x4xi8>, %c: tensor<1x1x8x8xi32>) -> tensor<1x1x8x8xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<1x2x8x4xi8>, tensor<1x2x8x4xi8>) outs(%c : tensor<1x1x8x8xi32>) -> tensor<1x1x8x8xi32>
  return %0 : tensor<1x1x8x8xi32>
}

func.func @float(%a: tensor<1x2x8x1xf32>, %b: tensor<1x2x8x1xf32>, %c: tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<1x2x8x1xf32>, tensor<1x2x8x1xf32>) outs(%c : tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32>
  return %0 : tensor<1x1x8x8xf32>
}
