// The math ops xfuse adds to xDSL's (erfc, sincos, clampf, the classification ops) on scalars,
// vectors and tensors; custom form, and generic form parsed back.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @math(
func.func @math(%f: f64, %v: vector<[2]xf32>, %t: tensor<?x3xbf16>) {
  // CHECK-NEXT: math.erfc %{{.*}} : f64
  %0 = math.erfc %f : f64
  // CHECK-NEXT: math.erfc %{{.*}} fastmath<afn> : tensor<?x3xbf16>
  %1 = math.erfc %t fastmath<afn> : tensor<?x3xbf16>
  // CHECK-NEXT: %{{.*}}, %{{.*}} = math.sincos %{{.*}} fastmath<fast> : vector<[2]xf32>
  %s, %c = math.sincos %v fastmath<fast> : vector<[2]xf32>
  // CHECK-NEXT: math.clampf %{{.*}} to [%{{.*}}, %{{.*}}] : tensor<?x3xbf16>
  %2 = math.clampf %t to [%t, %t] : tensor<?x3xbf16>
  // CHECK-NEXT: math.clampf %{{.*}} to [%{{.*}}, %{{.*}}] fastmath<nnan> : f64
  %3 = math.clampf %f to [%f, %f] fastmath<nnan> : f64
  // CHECK-NEXT: math.isfinite %{{.*}} : f64
  %4 = math.isfinite %f : f64
  // CHECK-NEXT: math.isinf %{{.*}} : vector<[2]xf32>
  %5 = math.isinf %v : vector<[2]xf32>
  // CHECK-NEXT: math.isnan %{{.*}} : tensor<?x3xbf16>
  %6 = math.isnan %t : tensor<?x3xbf16>
  // CHECK-NEXT: math.isnormal %{{.*}} : f64
  %7 = math.isnormal %f : f64
  return
}

// GENERIC: "math.sincos"(%{{.*}}) <{fastmath = #arith.fastmath<fast>}> : (vector<[2]xf32>) -> (vector<[2]xf32>, vector<[2]xf32>)
// GENERIC: "math.clampf"(%{{.*}}, %{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (tensor<?x3xbf16>, tensor<?x3xbf16>, tensor<?x3xbf16>) -> tensor<?x3xbf16>
// GENERIC: "math.isinf"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (vector<[2]xf32>) -> vector<[2]xi1>
// GENERIC: "math.isnan"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (tensor<?x3xbf16>) -> tensor<?x3xi1>
