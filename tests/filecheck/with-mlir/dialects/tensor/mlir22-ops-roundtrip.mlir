// tensor.pad with a static result over dynamic sizes, unranked tensors (reshape, cast, dim, rank,
// bitcast), tensor.gather and tensor.scatter (xfuse/dialects/tensor_mlir22.py) cross between
// xfuse-opt and mlir-opt 22 unchanged, each diffed against mlir-opt's own reading.
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s --check-prefix=XFUSE
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: xfuse-opt %s --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref-generic.mlir
// RUN: xfuse-opt %t.ref-generic.mlir --print-op-generic | mlir-opt --mlir-print-op-generic > %t.generic-generic.mlir
// RUN: diff %t.ref-generic.mlir %t.generic-generic.mlir

func.func @pad_into_static(%t: tensor<?x5xf16>, %lo: index, %hi: index, %v: f16) -> tensor<8x9xf16> {
  %p = tensor.pad %t low[%lo, 2] high[%hi, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f16
  } : tensor<?x5xf16> to tensor<8x9xf16>
  return %p : tensor<8x9xf16>
}
// CHECK-LABEL: func.func @pad_into_static
// CHECK:         tensor.pad %{{.*}} low[%{{.*}}, 2] high[%{{.*}}, 2]
// CHECK:         } : tensor<?x5xf16> to tensor<8x9xf16>
// XFUSE-LABEL: func.func @pad_into_static
// XFUSE:         } : tensor<?x5xf16> to tensor<8x9xf16>

func.func @unranked(%u: tensor<*xi8>, %dims: tensor<3xindex>, %n: index) -> tensor<*xi8> {
  %r = tensor.rank %u : tensor<*xi8>
  %d = tensor.dim %u, %n : tensor<*xi8>
  %cube = tensor.reshape %u(%dims) {origin = "flat"} : (tensor<*xi8>, tensor<3xindex>) -> tensor<?x?x?xi8>
  %fixed = tensor.cast %cube : tensor<?x?x?xi8> to tensor<2x?x4xi8>
  %back = tensor.cast %fixed : tensor<2x?x4xi8> to tensor<*xi8>
  %bits = tensor.bitcast %back : tensor<*xi8> to tensor<*xui8>
  return %back : tensor<*xi8>
}
// CHECK-LABEL: func.func @unranked
// CHECK:         tensor.rank %{{.*}} : tensor<*xi8>
// CHECK:         tensor.reshape %{{.*}}(%{{.*}}) {origin = "flat"} : (tensor<*xi8>, tensor<3xindex>) -> tensor<?x?x?xi8>
// CHECK:         tensor.cast %{{.*}} : tensor<2x?x4xi8> to tensor<*xi8>
// CHECK:         tensor.bitcast %{{.*}} : tensor<*xi8> to tensor<*xui8>
// XFUSE-LABEL: func.func @unranked
// XFUSE:         tensor.reshape %{{.*}}(%{{.*}}) {origin = "flat"} : (tensor<*xi8>, tensor<3xindex>) -> tensor<?x?x?xi8>

func.func @gather_rows(%table: tensor<10x16xf32>, %rows: tensor<4x1xi64>, %pairs: tensor<2x3x2xindex>) -> tensor<10x16xf32> {
  %g = tensor.gather %table[%rows] gather_dims([0]) : (tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<4x1x16xf32>
  %gr = tensor.gather %table[%rows] gather_dims([0]) unique {tag} : (tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<4x16xf32>
  %e = tensor.gather %table[%pairs] gather_dims([0, 1]) : (tensor<10x16xf32>, tensor<2x3x2xindex>) -> tensor<2x3xf32>
  %s = tensor.scatter %gr into %table[%rows] scatter_dims([0]) unique : (tensor<4x16xf32>, tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<10x16xf32>
  return %s : tensor<10x16xf32>
}
// CHECK-LABEL: func.func @gather_rows
// CHECK:         tensor.gather %{{.*}}[%{{.*}}] gather_dims([0]) : (tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<4x1x16xf32>
// CHECK:         tensor.gather %{{.*}}[%{{.*}}] gather_dims([0]) unique {tag} : (tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<4x16xf32>
// CHECK:         tensor.gather %{{.*}}[%{{.*}}] gather_dims([0, 1]) : (tensor<10x16xf32>, tensor<2x3x2xindex>) -> tensor<2x3xf32>
// CHECK:         tensor.scatter %{{.*}} into %{{.*}}[%{{.*}}] scatter_dims([0]) unique : (tensor<4x16xf32>, tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<10x16xf32>
// XFUSE-LABEL: func.func @gather_rows
// XFUSE:         tensor.gather %{{.*}}[%{{.*}}] gather_dims([0]) unique {tag} : (tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<4x16xf32>
// XFUSE:         tensor.scatter %{{.*}} into %{{.*}}[%{{.*}}] scatter_dims([0]) unique : (tensor<4x16xf32>, tensor<10x16xf32>, tensor<4x1xi64>) -> tensor<10x16xf32>
