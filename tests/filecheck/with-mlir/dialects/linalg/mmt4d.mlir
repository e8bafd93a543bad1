// linalg.mmt4d / batch_mmt4d / batch_matmul with mlir-opt 22 in the loop, both ways.
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | filecheck %s
// Full cycle, custom and generic: equal to mlir-opt's own output.
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt

#ta = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#tb = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#tc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// CHECK-LABEL: func.func @contractions
func.func @contractions(%a: tensor<2x3x4x5xf32>, %b: tensor<6x3x7x5xf32>, %c: tensor<2x6x4x7xf32>,
                        %a8: tensor<2x3x4x5xi8>, %b8: tensor<6x3x7x5xi8>, %c32: tensor<2x6x4x7xi32>,
                        %ba: tensor<9x2x3x4x5xf16>, %bb: tensor<9x6x3x7x5xf16>, %bc: tensor<9x2x6x4x7xf32>,
                        %x: tensor<9x4x5xf32>, %y: tensor<9x5x6xf32>, %z: tensor<9x4x6xf32>, %xt: tensor<9x5x4xf32>,
                        %x8: tensor<9x4x5xi8>, %y8: tensor<9x5x6xi8>, %z32: tensor<9x4x6xi32>,
                        %mx: memref<9x4x5xf32>, %my: memref<9x5x6xf32>, %mz: memref<9x4x6xf32>)
    -> (tensor<2x6x4x7xf32>, tensor<2x6x4x7xi32>, tensor<9x2x6x4x7xf32>, tensor<9x4x6xf32>, tensor<9x4x6xf32>, tensor<9x4x6xi32>) {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%c : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  %1 = linalg.mmt4d {some.attr} ins(%a8, %b8 : tensor<2x3x4x5xi8>, tensor<6x3x7x5xi8>) outs(%c32 : tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32>
  %2 = linalg.batch_mmt4d ins(%ba, %bb : tensor<9x2x3x4x5xf16>, tensor<9x6x3x7x5xf16>) outs(%bc : tensor<9x2x6x4x7xf32>) -> tensor<9x2x6x4x7xf32>
  %3 = linalg.batch_matmul ins(%x, %y : tensor<9x4x5xf32>, tensor<9x5x6xf32>) outs(%z : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
  %4 = linalg.batch_matmul indexing_maps = [#ta, #tb, #tc] ins(%xt, %y : tensor<9x5x4xf32>, tensor<9x5x6xf32>) outs(%z : tensor<9x4x6xf32>) -> tensor<9x4x6xf32>
  %5 = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%x8, %y8 : tensor<9x4x5xi8>, tensor<9x5x6xi8>) outs(%z32 : tensor<9x4x6xi32>) -> tensor<9x4x6xi32>
  linalg.batch_matmul ins(%mx, %my : memref<9x4x5xf32>, memref<9x5x6xf32>) outs(%mz : memref<9x4x6xf32>)
  return %0, %1, %2, %3, %4, %5 : tensor<2x6x4x7xf32>, tensor<2x6x4x7xi32>, tensor<9x2x6x4x7xf32>, tensor<9x4x6xf32>, tensor<9x4x6xf32>, tensor<9x4x6xi32>
}
// CHECK: linalg.mmt4d ins(%{{.*}}, %{{.*}} : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%{{.*}} : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
// CHECK: linalg.mmt4d {some.attr} ins(
// CHECK: linalg.batch_mmt4d ins(
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<9x4x5xf32>, tensor<9x5x6xf32>)
// CHECK: linalg.batch_matmul indexing_maps = [{{.*}}] ins(%{{.*}}, %{{.*}} : tensor<9x5x4xf32>, tensor<9x5x6xf32>)
// CHECK: linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<9x4x5xf32>, memref<9x5x6xf32>) outs(%{{.*}} : memref<9x4x6xf32>)
