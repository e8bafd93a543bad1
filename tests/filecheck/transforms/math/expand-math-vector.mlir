// xfuse-expand-math on vectors (needs vector operands of math/arith ops in xfuse's dialects).
// RUN: xfuse-opt %s -p xfuse-expand-math | filecheck %s
// RUN: xfuse-opt %s -p xfuse-expand-math | mlir-opt | filecheck %s --check-prefix=MLIR

// Vectors: the same ops on vector<8xf32>, the exponent bits on vector<8xi32>.
// CHECK-LABEL: func.func @tanh_vector(%x: vector<8xf32>) -> vector<8xf32> {
// CHECK:         math.absf %x : vector<8xf32>
// CHECK:         arith.constant dense<1.000000e+01> : vector<8xf32>
// CHECK:         arith.fptosi %{{.*}} : vector<8xf32> to vector<8xi32>
// CHECK:         arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK:         arith.divf
// CHECK:         math.copysign
// CHECK:         arith.cmpf olt
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xf32>
// CHECK-NOT:     math.tanh
// CHECK:         func.return
// MLIR-LABEL: func.func @tanh_vector
// MLIR-NOT:     math.tanh
func.func @tanh_vector(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.tanh %x : vector<8xf32>
  return %0 : vector<8xf32>
}

