// xfuse-i8-mmt4d-kernel{direct-unpack=on}: a zero-filled 16x16x4 mmt4d read only by an unpack
// that drops no padding becomes a vpdpbusd kernel that starts from zero accumulators and writes
// each 16-lane row at its place in the row-major result (row i * 16 + r, column j * 16); the
// fill and the unpack are gone. A padded unpack (@padded: 30 x 32 of 2 x 2 tiles) keeps the
// packed result and its unpack, as does `direct-unpack=off`. Executed against the untransformed
// module where the host has VNNI.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=dpbusd direct-unpack=on}' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=dpbusd direct-unpack=off}' | filecheck %s --check-prefix=OFF
// RUN: not xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{direct-unpack=yes}' 2>&1 | filecheck %s --check-prefix=BAD
// RUN: %if avx512vnni %{ xfuse-run %s --entry direct -p 'xfuse-i8-mmt4d-kernel{direct-unpack=on}' --check | filecheck %s --check-prefix=EXEC %}
// RUN: %if avx512vnni %{ xfuse-run %s --entry padded -p 'xfuse-i8-mmt4d-kernel{direct-unpack=on}' --check | filecheck %s --check-prefix=EXEC %}
// EXEC: check: ok, the transformed module matches the untransformed input
// BAD: direct-unpack=yes: auto, on or off expected

// CHECK-LABEL: func.func @direct
// CHECK-NOT:     linalg.fill
// CHECK-DAG:     %[[ZERO:[a-z0-9_]+]] = arith.constant dense<0> : vector<16xi32>
// CHECK-DAG:     %[[C:[a-z0-9_]+]] = tensor.empty() : tensor<32x32xi32>
// CHECK:         scf.for %[[I:[a-z0-9_]+]] = {{.+}} iter_args(%{{.+}} = %[[C]]) -> (tensor<32x32xi32>)
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = {{.+}} -> (tensor<32x32xi32>)
// CHECK:             %[[IM:[a-z0-9_]+]] = arith.muli %[[I]], %{{.+}} : index
// CHECK:             %[[JN:[a-z0-9_]+]] = arith.muli %[[J]], %{{.+}} : index
// CHECK:             %[[ROW0:[a-z0-9_]+]] = arith.addi %[[IM]], %{{.+}} : index
// CHECK:             scf.for {{.+}} iter_args(%{{.+}} = %[[ACC0:[a-z0-9_]+]],
// CHECK-COUNT-17:      func.call @llvm.x86.avx512.vpdpbusd.512
// CHECK-COUNT-16:    arith.subi
// CHECK:             vector.transfer_write %{{.+}}, %{{.+}}[%[[ROW0]], %[[JN]]] {in_bounds = [true]} : vector<16xi32>, tensor<32x32xi32>
// CHECK-COUNT-15:    vector.transfer_write {{.+}} : vector<16xi32>, tensor<32x32xi32>
// CHECK-NOT:     linalg.unpack
// CHECK-LABEL: func.func @padded
// CHECK:         linalg.fill
// CHECK:         vector.transfer_write {{.+}} : vector<16xi32>, tensor<2x2x16x16xi32>
// CHECK:         linalg.unpack {{.+}} -> tensor<30x32xi32>

// OFF-LABEL: func.func @direct
// OFF:         linalg.fill
// OFF:         vector.transfer_write {{.+}} : vector<16xi32>, tensor<2x2x16x16xi32>
// OFF:         linalg.unpack {{.+}} -> tensor<32x32xi32>
func.func @direct(%a: tensor<2x3x16x4xi8>, %b: tensor<2x3x16x4xi8>) -> tensor<32x32xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2x16x16xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>) outs(%f : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  %d = tensor.empty() : tensor<32x32xi32>
  %1 = linalg.unpack %0 outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %d : tensor<2x2x16x16xi32> -> tensor<32x32xi32>
  return %1 : tensor<32x32xi32>
}

func.func @padded(%a: tensor<2x3x16x4xi8>, %b: tensor<2x3x16x4xi8>) -> tensor<30x32xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2x16x16xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>) outs(%f : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  %d = tensor.empty() : tensor<30x32xi32>
  %1 = linalg.unpack %0 outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %d : tensor<2x2x16x16xi32> -> tensor<30x32xi32>
  return %1 : tensor<30x32xi32>
}
