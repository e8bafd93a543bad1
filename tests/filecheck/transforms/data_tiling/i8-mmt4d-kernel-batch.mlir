// xfuse-i8-mmt4d-kernel on linalg.batch_mmt4d (IREE's data tiling of batch_matmul, and its
// prepare_ukernels / materialize_encoding_x86_64 tests): a loop over the batch around the
// kernel of each batch's mmt4d. An i32 (batch_)mmt4d of i8 operands sign-extended after the pack
// (IREE's form) is narrowed to the i8 op first. Executed against the input: the portable flavor
// anywhere, the host's kernel where the host has AVX-512 VNNI.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: xfuse-run %s --entry batch -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry extended -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: %if avx512vnni %{ xfuse-run %s --entry batch -p 'xfuse-i8-mmt4d-kernel' --check | filecheck %s --check-prefix=EXEC %}
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @batch
// CHECK:         %[[R:[a-z0-9_]+]] = scf.for %[[B:[a-z0-9_]+]] = {{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %c) -> (tensor<3x2x3x16x16xi32>)
// CHECK-DAG:       %[[A:[a-z0-9_]+]] = tensor.extract_slice %a[%[[B]], 0, 0, 0, 0] [1, 2, 5, 16, 2] [1, 1, 1, 1, 1] : tensor<3x2x5x16x2xi8> to tensor<2x5x16x2xi8>
// CHECK-DAG:       tensor.extract_slice %b[%[[B]], 0, 0, 0, 0] [1, 3, 5, 16, 2] [1, 1, 1, 1, 1] : tensor<3x3x5x16x2xi8> to tensor<3x5x16x2xi8>
// CHECK-DAG:       tensor.extract_slice %[[ACC]][%[[B]], 0, 0, 0, 0] [1, 2, 3, 16, 16] [1, 1, 1, 1, 1] : tensor<3x2x3x16x16xi32> to tensor<2x3x16x16xi32>
// CHECK:           linalg.generic {{.+}} ins(%[[A]], %[[A]] : tensor<2x5x16x2xi8>, tensor<2x5x16x2xi8>) outs(%{{.+}} : tensor<2x5x16xi32>)
// CHECK:           scf.for
// CHECK:           tensor.insert_slice %{{.+}} into %[[ACC]][%[[B]], 0, 0, 0, 0] [1, 2, 3, 16, 16] [1, 1, 1, 1, 1] : tensor<2x3x16x16xi32> into tensor<3x2x3x16x16xi32>
// CHECK:         return %[[R]]
// CHECK-NOT:     linalg.batch_mmt4d
func.func @batch(%a: tensor<3x2x5x16x2xi8>, %b: tensor<3x3x5x16x2xi8>, %c: tensor<3x2x3x16x16xi32>) -> tensor<3x2x3x16x16xi32> {
  %0 = linalg.batch_mmt4d ins(%a, %b : tensor<3x2x5x16x2xi8>, tensor<3x3x5x16x2xi8>) outs(%c : tensor<3x2x3x16x16xi32>) -> tensor<3x2x3x16x16xi32>
  return %0 : tensor<3x2x3x16x16xi32>
}

// The i8 operands are the kernel's: no extsi generic and no batch_mmt4d is left.
// CHECK-LABEL: func.func @extended
// CHECK-NOT:     arith.extsi %{{.+}} : i8 to i32
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %a{{.+}} : tensor<2x1x4x1x2xi8> to tensor<1x4x1x2xi8>
// CHECK-NOT:     linalg.batch_mmt4d
// CHECK:         return
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @extended(%a: tensor<2x1x4x1x2xi8>, %b: tensor<2x3x4x8x2xi8>, %c: tensor<2x1x3x1x8xi32>) -> tensor<2x1x3x1x8xi32> {
  %ea = tensor.empty() : tensor<2x1x4x1x2xi32>
  %xa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<2x1x4x1x2xi8>) outs(%ea : tensor<2x1x4x1x2xi32>) {
  ^bb0(%in: i8, %out: i32):
    %e = arith.extsi %in : i8 to i32
    linalg.yield %e : i32
  } -> tensor<2x1x4x1x2xi32>
  %eb = tensor.empty() : tensor<2x3x4x8x2xi32>
  %xb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<2x3x4x8x2xi8>) outs(%eb : tensor<2x3x4x8x2xi32>) {
  ^bb0(%in: i8, %out: i32):
    %e = arith.extsi %in : i8 to i32
    linalg.yield %e : i32
  } -> tensor<2x3x4x8x2xi32>
  %0 = linalg.batch_mmt4d ins(%xa, %xb : tensor<2x1x4x1x2xi32>, tensor<2x3x4x8x2xi32>) outs(%c : tensor<2x1x3x1x8xi32>) -> tensor<2x1x3x1x8xi32>
  return %0 : tensor<2x1x3x1x8xi32>
}

// An i8 tile no flavor takes: a remark, located, and the op as it was.
// REMARK:      i8-mmt4d-kernel-batch.mlir:[[# @LINE + 4]]:{{[0-9]+}}: remark: xfuse-i8-mmt4d-kernel: left alone: inner tile 8x4x1; the kernel takes n0 = 8 or 16, m0 <= n0, k0 = 2 (or k0 = 4 with n0 = 16: the vpdpbusd kernel)
// CHECK-LABEL: func.func @ukernel_tile
// CHECK:         linalg.batch_mmt4d
func.func @ukernel_tile(%a: tensor<1x10x32x8x1xi8>, %b: tensor<1x80x32x4x1xi8>, %c: tensor<1x10x80x8x4xi32>) -> tensor<1x10x80x8x4xi32> {
  %0 = linalg.batch_mmt4d ins(%a, %b : tensor<1x10x32x8x1xi8>, tensor<1x80x32x4x1xi8>) outs(%c : tensor<1x10x80x8x4xi32>) -> tensor<1x10x80x8x4xi32>
  return %0 : tensor<1x10x80x8x4xi32>
}
