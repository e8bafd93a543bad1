// linalg.reduce with several inputs and inits (xfuse/dialects/linalg_reduce.py), its short form,
// and linalg.generic whose leading dictionary is an attribute alias (`#trait`, MLIR's test
// style), cross between xfuse-opt and mlir-opt 22 unchanged.
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

#rows = affine_map<(r, c) -> (r, c)>
#cols = affine_map<(r, c) -> (c, r)>
#swap = {indexing_maps = [#rows, #cols], iterator_types = ["parallel", "parallel"], doc = "transpose"}

func.func @argmax_rows(%v: tensor<6x10xf32>, %idx: tensor<6x10xi32>, %best: tensor<6xf32>, %at: tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>) {
  %r:2 = linalg.reduce ins(%v, %idx : tensor<6x10xf32>, tensor<6x10xi32>) outs(%best, %at : tensor<6xf32>, tensor<6xi32>) dimensions = [1]  {note = "argmax"}
    (%x: f32, %i: i32, %m: f32, %j: i32) {
      %gt = arith.cmpf ogt, %x, %m : f32
      %nm = arith.select %gt, %x, %m : f32
      %nj = arith.select %gt, %i, %j : i32
      linalg.yield %nm, %nj : f32, i32
    }
  return %r#0, %r#1 : tensor<6xf32>, tensor<6xi32>
}
// CHECK-LABEL: func.func @argmax_rows
// CHECK:         linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<6x10xf32>, tensor<6x10xi32>) outs(%{{.*}}, %{{.*}} : tensor<6xf32>, tensor<6xi32>) dimensions = [1]  {note = "argmax"}
// CHECK-NEXT:      (%{{.*}}: f32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: i32) {
// CHECK:             linalg.yield %{{.*}}, %{{.*}} : f32, i32
// XFUSE-LABEL: func.func @argmax_rows
// XFUSE:         = linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<6x10xf32>, tensor<6x10xi32>) outs(%{{.*}}, %{{.*}} : tensor<6xf32>, tensor<6xi32>) dimensions = [1]  {note = "argmax"}

func.func @sums(%a: memref<4x5x6xf64>, %out: memref<5xf64>, %t: tensor<3x8xi16>, %init: tensor<8xi16>) -> tensor<8xi16> {
  linalg.reduce { arith.addf {fastmath = #arith.fastmath<reassoc>} } ins(%a : memref<4x5x6xf64>) outs(%out : memref<5xf64>) dimensions = [0, 2]
  %m = linalg.reduce { arith.maxsi } ins(%t : tensor<3x8xi16>) outs(%init : tensor<8xi16>) dimensions = [0]
  return %m : tensor<8xi16>
}
// CHECK-LABEL: func.func @sums
// CHECK:         linalg.reduce { arith.addf {fastmath = #arith.fastmath<reassoc>} } ins(%{{.*}} : memref<4x5x6xf64>) outs(%{{.*}} : memref<5xf64>) dimensions = [0, 2]
// CHECK:         linalg.reduce { arith.maxsi } ins(%{{.*}} : tensor<3x8xi16>) outs(%{{.*}} : tensor<8xi16>) dimensions = [0]
// XFUSE-LABEL: func.func @sums
// XFUSE:         linalg.reduce { arith.addf {fastmath = #arith.fastmath<reassoc>} } ins(%{{.*}} : memref<4x5x6xf64>) outs(%{{.*}} : memref<5xf64>) dimensions = [0, 2]

func.func @aliased_trait(%a: tensor<3x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %t = linalg.generic #swap ins(%a : tensor<3x4xf32>) outs(%b : tensor<4x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x3xf32>
  return %t : tensor<4x3xf32>
}
// CHECK-LABEL: func.func @aliased_trait
// CHECK:         linalg.generic {doc = "transpose", indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<3x4xf32>) outs(%{{.*}} : tensor<4x3xf32>)
