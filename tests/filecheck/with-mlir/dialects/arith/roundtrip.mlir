// arith and math on scalars, vectors and tensors, spaces in shapes and splats cross from
// xfuse-opt to mlir-opt 22 unchanged: mlir-opt reads xfuse's custom and generic output back to
// exactly its own reading of this file.
// RUN: mlir-opt %s > %t.ref.mlir
// RUN: xfuse-opt %s | mlir-opt > %t.custom.mlir
// RUN: diff %t.ref.mlir %t.custom.mlir
// RUN: xfuse-opt %s --print-op-generic | mlir-opt > %t.generic.mlir
// RUN: diff %t.ref.mlir %t.generic.mlir
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt | mlir-opt > %t.back.mlir
// RUN: diff %t.ref.mlir %t.back.mlir
// RUN: xfuse-opt %s | filecheck %s

// CHECK-LABEL: func.func @elementwise(
func.func @elementwise(%ti: tensor<4x?xi32>, %vf: vector<[4]xf32>, %ui: tensor<3xi16>, %x: index,
                       %vi: vector<2x3xi64>, %th: tensor<6xf64>, %c: i1) -> tensor<4x?xi1> {
  %0 = arith.extsi %ti : tensor<4x?xi32> to tensor<4x?xi64>
  %1 = arith.extui %ui : tensor<3xi16> to tensor<3xi32>
  %2 = arith.trunci %vi overflow<nsw, nuw> : vector<2x3xi64> to vector<2x3xi8>
  %3 = arith.extf %vf fastmath<contract> : vector<[4]xf32> to vector<[4]xf64>
  %4 = arith.truncf %th to_nearest_away fastmath<fast> : tensor<6xf64> to tensor<6xbf16>
  %5 = arith.sitofp %ti : tensor<4x?xi32> to tensor<4x?xf16>
  %6 = arith.uitofp %ui : tensor<3xi16> to tensor<3xf32>
  %7 = arith.fptosi %vf : vector<[4]xf32> to vector<[4]xi32>
  %8 = arith.fptoui %th : tensor<6xf64> to tensor<6xi8>
  %9 = arith.index_cast %ti : tensor<4x?xi32> to tensor<4x?xindex>
  %10 = arith.index_castui %x : index to i16
  %11 = arith.bitcast %vi : vector<2x3xi64> to vector<2x3xf64>
  %12 = arith.cmpi sle, %ti, %ti : tensor<4x?xi32>
  %13 = arith.cmpf une, %th, %th fastmath<nnan> : tensor<6xf64>
  %14 = arith.select %13, %th, %th : tensor<6xi1>, tensor<6xf64>
  %15 = arith.select %c, %vf, %vf : vector<[4]xf32>
  %16 = arith.remf %th, %th fastmath<fast> : tensor<6xf64>
  %17 = arith.addi %vi, %vi overflow<nsw> : vector<2x3xi64>
  %18 = arith.negf %vf fastmath<nnan, ninf> : vector<[4]xf32>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<6xi1>, tensor<6xf64>
  return %12 : tensor<4x?xi1>
}

// CHECK-LABEL: func.func @math_ops(
func.func @math_ops(%f: f32, %v: vector<4xf32>, %t: tensor<4x?xf32>, %p: tensor<4x?xi16>) {
  %0 = math.erfc %t fastmath<afn> : tensor<4x?xf32>
  %s, %c = math.sincos %v : vector<4xf32>
  %1 = math.clampf %f to [%f, %f] fastmath<fast> : f32
  %2 = math.isfinite %v : vector<4xf32>
  %3 = math.isnormal %t : tensor<4x?xf32>
  %4 = math.fma %v, %v, %v fastmath<contract> : vector<4xf32>
  %5 = math.fpowi %t, %p : tensor<4x?xf32>, tensor<4x?xi16>
  return
}

// CHECK-LABEL: func.func @constants(
func.func @constants() -> tensor<100x64x220x220xi32> {
  // CHECK: arith.constant dense<0> : tensor<100x64x220x220xi32>
  %0 = arith.constant dense<0> : tensor<100x64x220x220xi32>
  %1 = arith.constant dense<1.5> : tensor<42 x 7 x f32>
  %2 = arith.constant dense<0xFF800000> : vector<8xf32>
  %3 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %4 = arith.constant 340282366920938463463374607431768211455 : i128
  return %0 : tensor<100x64x220x220xi32>
}
