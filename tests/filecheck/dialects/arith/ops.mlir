// arith on scalars, vectors (fixed, scalable, 0-d) and ranked/unranked tensors, with MLIR 22's
// flags (overflow, fastmath, rounding mode); custom form, and generic form parsed back.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @casts(
func.func @casts(%ti: tensor<4x?xi32>, %vf: vector<[4]xf32>, %ui: tensor<*xi16>, %x: index,
                 %vi: vector<2x3xi64>, %th: tensor<6xf64>) {
  // CHECK-NEXT: arith.extsi %{{.*}} : tensor<4x?xi32> to tensor<4x?xi64>
  %0 = arith.extsi %ti : tensor<4x?xi32> to tensor<4x?xi64>
  // CHECK-NEXT: arith.extui %{{.*}} : tensor<*xi16> to tensor<*xi32>
  %1 = arith.extui %ui : tensor<*xi16> to tensor<*xi32>
  // CHECK-NEXT: arith.trunci %{{.*}} overflow<nuw> : vector<2x3xi64> to vector<2x3xi8>
  %2 = arith.trunci %vi overflow<nuw> : vector<2x3xi64> to vector<2x3xi8>
  // CHECK-NEXT: arith.extf %{{.*}} fastmath<contract> : vector<[4]xf32> to vector<[4]xf64>
  %3 = arith.extf %vf fastmath<contract> : vector<[4]xf32> to vector<[4]xf64>
  // CHECK-NEXT: arith.truncf %{{.*}} toward_zero fastmath<fast> : tensor<6xf64> to tensor<6xbf16>
  %4 = arith.truncf %th toward_zero fastmath<fast> : tensor<6xf64> to tensor<6xbf16>
  // CHECK-NEXT: arith.truncf %{{.*}} : tensor<6xf64> to tensor<6xf32>
  %5 = arith.truncf %th : tensor<6xf64> to tensor<6xf32>
  // CHECK-NEXT: arith.sitofp %{{.*}} : tensor<4x?xi32> to tensor<4x?xf16>
  %6 = arith.sitofp %ti : tensor<4x?xi32> to tensor<4x?xf16>
  // CHECK-NEXT: arith.uitofp %{{.*}} : tensor<*xi16> to tensor<*xf32>
  %7 = arith.uitofp %ui : tensor<*xi16> to tensor<*xf32>
  // CHECK-NEXT: arith.fptosi %{{.*}} : vector<[4]xf32> to vector<[4]xi32>
  %8 = arith.fptosi %vf : vector<[4]xf32> to vector<[4]xi32>
  // CHECK-NEXT: arith.fptoui %{{.*}} : tensor<6xf64> to tensor<6xi8>
  %9 = arith.fptoui %th : tensor<6xf64> to tensor<6xi8>
  // CHECK-NEXT: arith.index_cast %{{.*}} : tensor<4x?xi32> to tensor<4x?xindex>
  %10 = arith.index_cast %ti : tensor<4x?xi32> to tensor<4x?xindex>
  // CHECK-NEXT: arith.index_castui %{{.*}} : index to i16
  %11 = arith.index_castui %x : index to i16
  // CHECK-NEXT: arith.bitcast %{{.*}} : vector<2x3xi64> to vector<2x3xf64>
  %12 = arith.bitcast %vi : vector<2x3xi64> to vector<2x3xf64>
  return
}

// CHECK-LABEL: func.func @scaling(
func.func @scaling(%v: vector<8xf32>, %s: vector<8xf8E8M0FNU>, %t: tensor<8xf16>, %ts: tensor<8xf8E8M0FNU>) {
  // CHECK-NEXT: arith.scaling_truncf %{{.*}}, %{{.*}} upward fastmath<nnan> : vector<8xf32>, vector<8xf8E8M0FNU> to vector<8xf8E4M3FN>
  %0 = arith.scaling_truncf %v, %s upward fastmath<nnan> : vector<8xf32>, vector<8xf8E8M0FNU> to vector<8xf8E4M3FN>
  // CHECK-NEXT: arith.scaling_extf %{{.*}}, %{{.*}} : tensor<8xf16>, tensor<8xf8E8M0FNU> to tensor<8xf32>
  %1 = arith.scaling_extf %t, %ts : tensor<8xf16>, tensor<8xf8E8M0FNU> to tensor<8xf32>
  return
}

// CHECK-LABEL: func.func @compare_select(
func.func @compare_select(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>, %i: vector<i64>, %j: vector<i64>,
                          %c: i1, %s: f32) {
  // CHECK-NEXT: %[[M:.*]] = arith.cmpf oge, %{{.*}}, %{{.*}} fastmath<nnan> : tensor<3x5xf32>
  %m = arith.cmpf oge, %a, %b fastmath<nnan> : tensor<3x5xf32>
  // CHECK-NEXT: arith.select %[[M]], %{{.*}}, %{{.*}} : tensor<3x5xi1>, tensor<3x5xf32>
  %0 = arith.select %m, %a, %b : tensor<3x5xi1>, tensor<3x5xf32>
  // CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3x5xf32>
  %1 = arith.select %c, %a, %b : tensor<3x5xf32>
  // CHECK-NEXT: %[[K:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : vector<i64>
  %k = arith.cmpi uge, %i, %j : vector<i64>
  // CHECK-NEXT: arith.select %[[K]], %{{.*}}, %{{.*}} : vector<i1>, vector<i64>
  %2 = arith.select %k, %i, %j : vector<i1>, vector<i64>
  // CHECK-NEXT: arith.remf %{{.*}}, %{{.*}} fastmath<fast> : f32
  %3 = arith.remf %s, %s fastmath<fast> : f32
  // CHECK-NEXT: arith.remf %{{.*}}, %{{.*}} : tensor<3x5xf32>
  %4 = arith.remf %a, %b : tensor<3x5xf32>
  return
}

// Several overflow flags print as mlir-opt 22 prints them, `<nsw, nuw>`; several fastmath flags
// have no space (`<nnan,ninf>`), as in mlir-opt. Both spellings parse.
// CHECK-LABEL: func.func @flag_lists(
func.func @flag_lists(%a: i32, %b: i32, %v: vector<4xi64>, %f: f32) {
  // CHECK-NEXT: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  %0 = arith.addi %a, %b overflow<nsw,nuw> : i32
  // CHECK-NEXT: arith.subi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  %1 = arith.subi %a, %b overflow<nuw, nsw> : i32
  // CHECK-NEXT: arith.muli %{{.*}}, %{{.*}} overflow<nuw> : i32
  %2 = arith.muli %a, %b overflow<nuw> : i32
  // CHECK-NEXT: arith.shli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  %3 = arith.shli %a, %b overflow<nsw, nuw> : i32
  // CHECK-NEXT: arith.trunci %{{.*}} overflow<nsw, nuw> : vector<4xi64> to vector<4xi8>
  %4 = arith.trunci %v overflow<nsw,nuw> : vector<4xi64> to vector<4xi8>
  // CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
  %5 = arith.addf %f, %f fastmath<nnan, ninf> : f32
  return
}

// MLIR 22's `exact` flag of the divisions and right shifts (the unit property `isExact`).
// CHECK-LABEL: func.func @exact(
func.func @exact(%a: i64, %b: i64, %v: vector<4xi32>, %t: tensor<?xindex>) {
  // CHECK-NEXT: arith.divui %{{.*}}, %{{.*}} exact : i64
  %0 = arith.divui %a, %b exact : i64
  // CHECK-NEXT: arith.divsi %{{.*}}, %{{.*}} exact : tensor<?xindex>
  %1 = arith.divsi %t, %t exact : tensor<?xindex>
  // CHECK-NEXT: arith.shrui %{{.*}}, %{{.*}} exact : vector<4xi32>
  %2 = arith.shrui %v, %v exact : vector<4xi32>
  // CHECK-NEXT: arith.shrsi %{{.*}}, %{{.*}} exact : i64
  %3 = arith.shrsi %a, %b exact : i64
  // CHECK-NEXT: arith.divui %{{.*}}, %{{.*}} : i64
  %4 = arith.divui %a, %b : i64
  // CHECK-NEXT: arith.shrsi %{{.*}}, %{{.*}} : i64
  %5 = arith.shrsi %a, %b : i64
  return
}

// GENERIC: "arith.trunci"(%{{.*}}) <{overflowFlags = #arith.overflow<nuw>}> : (vector<2x3xi64>) -> vector<2x3xi8>
// GENERIC: "arith.truncf"(%{{.*}}) <{fastmath = #arith.fastmath<fast>, roundingmode = 3 : i32}> : (tensor<6xf64>) -> tensor<6xbf16>
// GENERIC: "arith.scaling_truncf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nnan>, roundingmode = 2 : i32}>
// GENERIC: "arith.cmpf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nnan>, predicate = 3 : i64}> : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
// GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 9 : i64}> : (vector<i64>, vector<i64>) -> vector<i1>
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GENERIC: "arith.divui"(%{{.*}}, %{{.*}}) <{isExact}> : (i64, i64) -> i64
// GENERIC: "arith.shrui"(%{{.*}}, %{{.*}}) <{isExact}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// GENERIC: "arith.divui"(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
