// linalg.pack / linalg.unpack with mlir-opt 22 in the loop, both ways.
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | filecheck %s
// Full cycle: what mlir-opt prints after xfuse equals what mlir-opt prints on its own.
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt > %t.xfuse-generic.txt
// RUN: diff %t.mlir.txt %t.xfuse-generic.txt

// CHECK-LABEL: func.func @pack
func.func @pack(%src: tensor<13x15xf32>, %dest: tensor<4x2x8x4xf32>, %cst: f32) -> tensor<4x2x8x4xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dest : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}
// CHECK: linalg.pack %{{.*}} padding_value(%{{.*}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<13x15xf32> -> tensor<4x2x8x4xf32>

// CHECK-LABEL: func.func @pack_dynamic
func.func @pack_dynamic(%src: tensor<?x15xf32>, %dest: tensor<?x?x8x?xf32>, %t: index, %cst: f32) -> tensor<?x?x8x?xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dest {some.attr} : tensor<?x15xf32> -> tensor<?x?x8x?xf32>
  return %0 : tensor<?x?x8x?xf32>
}
// CHECK: linalg.pack %{{.*}} padding_value(%{{.*}} : f32) inner_dims_pos = [0, 1] inner_tiles = [8, %{{.*}}] into %{{.*}} {some.attr} : tensor<?x15xf32> -> tensor<?x?x8x?xf32>

// CHECK-LABEL: func.func @unpack
func.func @unpack(%p: tensor<4x2x8x4xf32>, %d: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %0 = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %0 : tensor<13x15xf32>
}
// CHECK: linalg.unpack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<4x2x8x4xf32> -> tensor<13x15xf32>

// CHECK-LABEL: func.func @unpack_dynamic
func.func @unpack_dynamic(%p: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) -> tensor<?x?xf32> {
  %0 = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// CHECK: linalg.unpack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, %{{.*}}] into %{{.*}} : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
