// xfuse-i8-mmt4d-kernel on an mmt4d with dynamic outer sizes (IREE's lower_to_ukernel_ops
// `?x?x16x2` i8 mmt4d; the packs of a dynamic matmul): the loop bounds M1, N1, K1 are read
// with tensor.dim, the pairing pass's tensor sized by them; the inner tile stays static.
// Dynamic inner tiles are left alone with a remark. Executed against the input (xfuse-run gives
// each dynamic size 8, then 3).
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: xfuse-run %s --entry dynamic -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry dynamic --dynamic-size 3 -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: %if avx512vnni %{ xfuse-run %s --entry dynamic_k4 -p 'xfuse-i8-mmt4d-kernel' --check | filecheck %s --check-prefix=EXEC %}
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @dynamic(%a: tensor<?x?x16x2xi8>, %b: tensor<?x?x16x2xi8>, %c: tensor<?x?x16x16xi32>)
// CHECK-DAG:     %[[M1:[a-z0-9_]+]] = tensor.dim %a, %{{.+}} : tensor<?x?x16x2xi8>
// CHECK-DAG:     %[[N1:[a-z0-9_]+]] = tensor.dim %b, %{{.+}} : tensor<?x?x16x2xi8>
// CHECK-DAG:     %[[K1:[a-z0-9_]+]] = tensor.dim %a, %{{.+}} : tensor<?x?x16x2xi8>
// CHECK:         tensor.empty(%[[M1]], %[[K1]]) : tensor<?x?x16xi32>
// CHECK:         tensor.collapse_shape %b {{.+}} : tensor<?x?x16x2xi8> into tensor<?x?x32xi8>
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[M1]]
// CHECK:           scf.for %{{.+}} = %{{.+}} to %[[N1]]
// CHECK:             scf.for %{{.+}} = %{{.+}} to %[[K1]]
// CHECK-NOT:     linalg.mmt4d
func.func @dynamic(%a: tensor<?x?x16x2xi8>, %b: tensor<?x?x16x2xi8>, %c: tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<?x?x16x2xi8>, tensor<?x?x16x2xi8>) outs(%c : tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32>
  return %0 : tensor<?x?x16x16xi32>
}

// The vpdpbusd kernel's 16x16x4 tile, dynamic outer sizes (flavor portable leaves k0 = 4 alone).
// REMARK: i8-mmt4d-kernel-dynamic.mlir:[[# @LINE + 4]]:{{[0-9]+}}: remark: xfuse-i8-mmt4d-kernel: left alone: inner tile 16x16x4; only flavor dpbusd (AVX-512 VNNI) takes k0 = 4
// CHECK-LABEL: func.func @dynamic_k4
// CHECK:         linalg.mmt4d
func.func @dynamic_k4(%a: tensor<?x?x16x4xi8>, %b: tensor<?x?x16x4xi8>, %c: tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<?x?x16x4xi8>, tensor<?x?x16x4xi8>) outs(%c : tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32>
  return %0 : tensor<?x?x16x16xi32>
}

// REMARK: i8-mmt4d-kernel-dynamic.mlir:[[# @LINE + 4]]:{{[0-9]+}}: remark: xfuse-i8-mmt4d-kernel: left alone: dynamic inner tile sizes
// CHECK-LABEL: func.func @dynamic_tiles
// CHECK:         linalg.mmt4d
func.func @dynamic_tiles(%a: tensor<?x?x?x?xi8>, %b: tensor<?x?x?x?xi8>, %c: tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>) outs(%c : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}
