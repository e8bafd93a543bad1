// Verifier messages of xfuse's arith ops (MLIR 22's wording), each at the op's line.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s

func.func @ext_narrows(%a: tensor<4xi32>) {
  %0 = arith.extsi %a : tensor<4xi32> to tensor<4xi16>
  return
}
// CHECK: ops-invalid.mlir:5:3: error: 'arith.extsi' does not verify: 'arith.extsi' op operand type 'tensor<4xi32>' and result type 'tensor<4xi16>' are cast incompatible

// -----

func.func @shape_changes(%a: tensor<4xi32>) {
  %0 = arith.trunci %a : tensor<4xi32> to tensor<8xi8>
  return
}
// CHECK: ops-invalid.mlir:13:3: error: 'arith.trunci' does not verify: 'arith.trunci' op failed to verify that input and output have the same tensor dimensions

// -----

func.func @vector_to_tensor(%a: vector<4xf32>) {
  %0 = arith.extf %a : vector<4xf32> to tensor<4xf64>
  return
}
// CHECK: ops-invalid.mlir:21:3: error: 'arith.extf' does not verify: 'arith.extf' op failed to verify that input and output have the same tensor dimensions

// -----

func.func @no_index(%a: index) {
  %0 = arith.index_castui %a : index to index
  return
}
// CHECK: ops-invalid.mlir:29:3: error: 'arith.index_castui' does not verify: 'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible

// -----

func.func @bitcast_width(%a: vector<2xi32>) {
  %0 = arith.bitcast %a : vector<2xi32> to vector<2xf64>
  return
}
// CHECK: ops-invalid.mlir:37:3: error: 'arith.bitcast' does not verify: 'arith.bitcast' op operand type 'vector<2xi32>' and result type 'vector<2xf64>' are cast incompatible

// -----

func.func @cmpi_scalar_result(%a: tensor<4xi32>) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}
// CHECK: ops-invalid.mlir:45:3: error: 'arith.cmpi' does not verify: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands

// -----

func.func @select_shape(%c: tensor<8xi1>, %a: tensor<4xf32>) {
  %0 = arith.select %c, %a, %a : tensor<8xi1>, tensor<4xf32>
  return
}
// CHECK: ops-invalid.mlir:53:3: error: 'arith.select' does not verify: 'arith.select' op failed to verify that condition is signless i1 or has matching shape

// -----

func.func @remf_int(%a: i32) {
  %0 = "arith.remf"(%a, %a) <{fastmath = #arith.fastmath<none>}> : (i32, i32) -> i32
  return
}
// CHECK: ops-invalid.mlir:61:3: error: 'arith.remf' does not verify: operand 'lhs' at position 0 does not verify

// -----

func.func @rounding_out_of_range(%a: f64) {
  %0 = "arith.truncf"(%a) <{roundingmode = 7 : i32}> : (f64) -> f32
  return
}
// CHECK: ops-invalid.mlir:69:3: error: 'arith.truncf' does not verify: 'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: 32-bit signless integer attribute whose value is 0, 1, 2, 3, or 4

// -----

// The `exact` ops keep xDSL's operand checks (one type for both operands and the result).
func.func @exact_mixed_types(%a: i64, %b: i32) {
  %0 = "arith.divui"(%a, %b) <{isExact}> : (i64, i32) -> i64
  return
}
// CHECK: ops-invalid.mlir:78:3: error: 'arith.divui' does not verify: operand 'rhs' at position 1 does not verify:
// CHECK-NEXT: attribute i64 expected from variable 'T', but got i32

// -----

func.func @exact_not_unit(%a: i64) {
  %0 = "arith.shrsi"(%a, %a) <{isExact = 1 : i64}> : (i64, i64) -> i64
  return
}
// CHECK: ops-invalid.mlir:87:3: error: 'arith.shrsi' does not verify: 1 : i64 should be of base attribute unit
