// Builtin syntax as MLIR reads it: spaces around the `x` of shapes, memref types without their
// default layout / memory space, and splat dense literals printed as one value (a splat of 310
// million elements stays `dense<0>`, in custom and generic form).
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s

// CHECK-LABEL: func.func @shapes(
// CHECK-SAME: %{{.*}}: tensor<42xi32>, %{{.*}}: memref<4x?x8xf32>, %{{.*}}: vector<2x[4]xi8>,
func.func @shapes(%a: tensor<42 x i32>, %b: memref<4 x ? x 8 x f32>, %c: vector<2 x [4] x i8>,
// CHECK-SAME: %{{.*}}: memref<16xf32>, %{{.*}}: memref<*xf16>, %{{.*}}: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>, 3 : i64>)
                  %d: memref<16 x f32, affine_map<(d0) -> (d0)>, 0>, %e: memref<*xf16, 0>,
                  %f: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>) {
  return
}

// CHECK-LABEL: func.func @splats(
func.func @splats() -> tensor<100x64x220x220xi32> {
  // CHECK-NEXT: arith.constant dense<0> : tensor<100x64x220x220xi32>
  %0 = arith.constant dense<0> : tensor<100x64x220x220xi32>
  // CHECK-NEXT: arith.constant dense<-2.500000e+00> : tensor<1000x1000xf64>
  %1 = arith.constant dense<-2.5> : tensor<1000 x 1000 x f64>
  // CHECK-NEXT: arith.constant dense<true> : vector<64xi1>
  %2 = arith.constant dense<true> : vector<64xi1>
  // CHECK-NEXT: arith.constant dense<-1> : tensor<2x2xi8>
  %3 = arith.constant dense<255> : tensor<2x2xi8>
  // CHECK-NEXT: arith.constant dense<0x{{FF|ff}}800000> : tensor<8xf32>
  %4 = arith.constant dense<0xFF800000> : tensor<8xf32>
  // CHECK-NEXT: arith.constant dense<3> : tensor<5xindex>
  %5 = arith.constant dense<"0x0300000000000000"> : tensor<5xindex>
  // CHECK-NEXT: arith.constant dense<[1, 2]> : tensor<2xi32>
  %6 = arith.constant dense<[1, 2]> : tensor<2xi32>
  // A hex literal of several elements, with the type after it (torch-mlir's weights):
  // CHECK-NEXT: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %7 = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  // A splat of an empty shape has no elements (MLIR takes it; torch-mlir's ConstantOfShape of
  // a zero size prints it):
  // CHECK-NEXT: arith.constant dense<> : tensor<0xi32>
  %8 = arith.constant dense<0> : tensor<0xi32>
  // CHECK-NEXT: arith.constant dense<> : tensor<2x0xf32>
  %9 = arith.constant dense<1.5> : tensor<2x0xf32>
  return %0 : tensor<100x64x220x220xi32>
}
