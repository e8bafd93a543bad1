// xfuse-run compiles with mlir-opt 22 and LLVM, runs on seeded random inputs, and --check compares
// the transformed module against the untransformed input.
// RUN: xfuse-run %s --check -p canonicalize,cse --seed 1 --bench 3 | filecheck %s
// RUN: xfuse-run %s --pipeline vectorize --check --seed 1 | filecheck %s --check-prefix=VEC
// RUN: xfuse-run %s --print-ir | filecheck %s --check-prefix=IR

func.func @mlp(%a: tensor<4x8xf32>, %w: tensor<8x16xf32>, %bias: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<f32>) {
  %zero = arith.constant 0.0 : f32
  %zero2 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %y = arith.maximumf %s, %zero2 : f32
    linalg.yield %y : f32
  } -> tensor<4x16xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%r : tensor<4x16xf32>) outs(%f0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  return %r, %sum : tensor<4x16xf32>, tensor<f32>
}

// CHECK:      @mlp(tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> (tensor<4x16xf32>, tensor<f32>) [pipeline microkernel, seed 1]
// CHECK-NEXT: result #0: tensor<4x16xf32> shape 4x16 checksum [[SUM:[-0-9.e]+]]
// CHECK-NEXT: result #1: tensor<f32> shape scalar checksum [[SUM]]
// CHECK-NEXT: check result #0: ok (max abs error {{.*}}, rtol 0.0001, atol 0.0001)
// CHECK-NEXT: check result #1: ok
// CHECK-NEXT: check: ok, the transformed module matches the untransformed input
// CHECK-NEXT: bench: median {{[0-9.]+}} ms, min {{[0-9.]+}} ms over 3 runs

// VEC:      [pipeline vectorize, seed 1]
// VEC:      check: ok

// IR:       func.func @mlp
// IR:       linalg.matmul
// IR:       result #0: tensor<4x16xf32> shape 4x16 checksum
