// xfuse-expand-math: f32 math.exp / math.erf / math.tanh, scalar or vector, become arith
// polynomials; everything else (f64, f16, tensors, other math ops) is left as it was.
// RUN: xfuse-opt %s -p xfuse-expand-math | filecheck %s
// The expansion is valid MLIR 22 (mlir-opt parses and verifies it).
// RUN: xfuse-opt %s -p xfuse-expand-math | mlir-opt | filecheck %s --check-prefix=MLIR

// exp: clamp, n = floor(x log2e + 1/2), two-step reduction, polynomial, 2^n as two exponent-bit factors.
// CHECK-LABEL: func.func @exp_scalar(%x: f32) -> f32 {
// CHECK:         %[[LO:.*]] = arith.constant -1.040000e+02 : f32
// CHECK:         arith.maximumf %x, %[[LO]] : f32
// CHECK:         %[[HI:.*]] = arith.constant 8.875000e+01 : f32
// CHECK:         arith.minimumf
// CHECK:         math.floor
// CHECK:         arith.constant 0.693359375 : f32
// The polynomial's Horner steps may contract into FMAs; the range reduction's may not.
// CHECK:         arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:         %[[N:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK:         %[[HALF:.*]] = arith.shrsi %[[N]], %{{.*}} : i32
// CHECK:         arith.subi %[[N]], %[[HALF]] : i32
// CHECK:         arith.shli
// CHECK:         arith.bitcast %{{.*}} : i32 to f32
// CHECK:         arith.shli
// CHECK:         %[[S2:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK:         %[[Y:.*]] = arith.mulf %{{.*}}, %[[S2]] : f32
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %x, %x : f32
// CHECK:         %[[R:.*]] = arith.select %[[NAN]], %x, %[[Y]] : f32
// CHECK:         func.return %[[R]] : f32
// CHECK-NOT:     math.exp
// MLIR-LABEL: func.func @exp_scalar
// MLIR-NOT:     math.exp
func.func @exp_scalar(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

// Inside a linalg.generic body (what torch-mlir's GELU is): the body is expanded in place.
// CHECK-LABEL: func.func @gelu_erf(
// CHECK:         linalg.generic
// CHECK:         ^bb0(%in: f32, %out: f32):
// CHECK-NOT:       math.erf
// CHECK:           math.absf %in : f32
// CHECK:           math.copysign
// CHECK:           arith.cmpf olt
// CHECK:           linalg.yield
// MLIR-LABEL: func.func @gelu_erf
// MLIR-NOT:     math.erf
func.func @gelu_erf(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = math.erf %in : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// Negative cases: f64, f16 and tensor operands, and math ops without an expansion, are unchanged.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NEXT:    %0 = math.exp %d : f64
// CHECK-NEXT:    %1 = math.erf %h : f16
// CHECK-NEXT:    %2 = math.tanh %t : tensor<4xf32>
// CHECK-NEXT:    %3 = math.log %a : f32
// CHECK-NEXT:    %4 = math.rsqrt %a : f32
// CHECK-NEXT:    func.return
// MLIR-LABEL: func.func @left_alone
// MLIR:         math.erf %{{.*}} : f16
func.func @left_alone(%d: f64, %h: f16, %t: tensor<4xf32>, %a: f32) -> (f64, f16, tensor<4xf32>, f32, f32) {
  %0 = math.exp %d : f64
  %1 = math.erf %h : f16
  %2 = math.tanh %t : tensor<4xf32>
  %3 = math.log %a : f32
  %4 = math.rsqrt %a : f32
  return %0, %1, %2, %3, %4 : f64, f16, tensor<4xf32>, f32, f32
}
