// linalg.map (MLIR 22; xDSL 0.74 has none): short form `{ op {attrs} }` and the long form with
// the body's arguments, tensors and memrefs, with mlir-opt 22 in the loop both ways and full
// cycles diffed against mlir-opt's own output. Tiled, fused and run: map-tiling.mlir.
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | mlir-opt | filecheck %s --check-prefix=MLIR
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt

// CHECK-LABEL: func.func @forms
// CHECK:         linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%{{.*}}, %{{.*}} : tensor<3x5xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xf32>) {foo = 1 : i64}
// CHECK:         linalg.map ins(%{{.*}} : tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xf32>) {bar}
// CHECK-NEXT:      (%{{.*}}: f32, %{{.*}}: f32) {
// CHECK:         linalg.map { math.exp } ins(%{{.*}} : memref<3x5xf32>) outs(%{{.*}} : memref<3x5xf32>)
// CHECK:         linalg.map outs(%{{.*}} : tensor<3x5xf32>)
// MLIR-LABEL: func.func @forms
// MLIR:         linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(
// MLIR:         linalg.map ins(%{{.*}} : tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xf32>) {bar}
// MLIR-NEXT:      (%in: f32, %init: f32) {
func.func @forms(%c: tensor<3x5xf32>, %x: tensor<3x5xf32>, %m: memref<3x5xf32>) {
  %1 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%c, %x : tensor<3x5xf32>, tensor<3x5xf32>) outs(%x : tensor<3x5xf32>) {foo = 1}
  %2 = linalg.map ins(%c : tensor<3x5xf32>) outs(%x : tensor<3x5xf32>) {bar}
    (%in: f32, %out: f32) {
      %n = arith.addf %in, %out : f32
      linalg.yield %n : f32
    }
  %3 = linalg.map ins(%c : tensor<3x5xf32>) outs(%x : tensor<3x5xf32>)
    (%in: f32, %out: f32) {
      %n = arith.negf %in : f32
      %k = arith.negf %n : f32
      linalg.yield %k : f32
    }
  linalg.map { math.exp } ins(%m : memref<3x5xf32>) outs(%m : memref<3x5xf32>)
  %4 = linalg.map outs(%x : tensor<3x5xf32>)
    (%out: f32) {
      %z = arith.constant 0.0 : f32
      linalg.yield %z : f32
    }
  return
}

