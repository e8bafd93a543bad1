// xDSL's own named linalg ops, re-registered with MLIR's syntax (xfuse/dialects/linalg_syntax.py):
// custom text and bodies (generic form) equal to mlir-opt 22's, including linalg.matmul's MLIR
// body with mixed element types and `cast = #linalg.type_fn<cast_unsigned>`.
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: xfuse-opt %s | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt
// RUN: xfuse-opt %s | filecheck %s
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x6xi8>) outs(%c : tensor<4x6xi32>) -> tensor<4x6xi32>

func.func @f(%a: tensor<4x8xi8>, %b: tensor<8x6xi8>, %c: tensor<4x6xi32>, %z: i32, %x: tensor<4x8xf32>, %i: tensor<4x8xi32>, %s: tensor<4x8xi1>) {
  %0 = linalg.quantized_matmul ins(%a, %b, %z, %z : tensor<4x8xi8>, tensor<8x6xi8>, i32, i32) outs(%c : tensor<4x6xi32>) -> tensor<4x6xi32>
  %1 = linalg.copy ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.select ins(%s, %x, %x : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.max ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.min ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%i : tensor<4x8xi32>) -> tensor<4x8xi32>
  %5 = linalg.sub ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.mul ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%i : tensor<4x8xi32>) -> tensor<4x8xi32>
  %7 = linalg.log ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = linalg.sqrt ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = linalg.fill ins(%z : i32) outs(%c : tensor<4x6xi32>) -> tensor<4x6xi32>
  %10 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x6xi8>) outs(%c : tensor<4x6xi32>) -> tensor<4x6xi32>
  %11 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x6xi8>) outs(%c : tensor<4x6xi32>) -> tensor<4x6xi32>
  return
}
