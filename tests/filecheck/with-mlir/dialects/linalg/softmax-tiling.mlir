// linalg.softmax tiled along its parallel dimensions (xfuse/interfaces/tiling_softmax.py: each
// tile is the softmax of whole rows) and fused as a producer into a row-tiled matmul; both run
// through mlir-opt 22 (which decomposes the softmax) before and after, on the same inputs.
// RUN: xfuse-opt %s -p xfuse-tile | filecheck %s
// RUN: xfuse-run %s -p xfuse-tile --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-opt %S/Inputs/softmax-attention.mlir -p xfuse-tile,xfuse-fuse-producers | filecheck %s --check-prefix=FUSED
// RUN: xfuse-run %S/Inputs/softmax-attention.mlir -p xfuse-tile,xfuse-fuse-producers --check | filecheck %s --check-prefix=EXEC

func.func @softmax(%x: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %init = tensor.empty() : tensor<3x5x7xf32>
  %s = linalg.softmax {xfuse.tile_sizes = array<i64: 2, 0, 3>} dimension(1) ins(%x : tensor<3x5x7xf32>) outs(%init : tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %s : tensor<3x5x7xf32>
}
// CHECK-LABEL: func.func @softmax
// CHECK:         scf.for %[[I:[a-z0-9_]+]] = {{.*}} iter_args(%[[A:[a-z0-9_]+]] = %init)
// CHECK:           scf.for %[[K:[a-z0-9_]+]] = {{.*}} iter_args(%[[B:[a-z0-9_]+]] = %[[A]])
// CHECK:             %[[X:.*]] = tensor.extract_slice %x[%[[I]], 0, %[[K]]] [%{{.*}}, 5, %{{.*}}] [1, 1, 1] : tensor<3x5x7xf32> to tensor<?x5x?xf32>
// CHECK-NEXT:        %[[O:.*]] = tensor.extract_slice %[[B]][%[[I]], 0, %[[K]]] [%{{.*}}, 5, %{{.*}}] [1, 1, 1] : tensor<3x5x7xf32> to tensor<?x5x?xf32>
// CHECK-NEXT:        %[[T:.*]] = linalg.softmax dimension(1) ins(%[[X]] : tensor<?x5x?xf32>) outs(%[[O]] : tensor<?x5x?xf32>) -> tensor<?x5x?xf32>
// CHECK-NEXT:        tensor.insert_slice %[[T]] into %[[B]][%[[I]], 0, %[[K]]]

// FUSED-LABEL: func.func @attention
// FUSED:         scf.for %[[I:[a-z0-9_]+]] =
// FUSED:           %[[S:.*]] = tensor.extract_slice %scores[%[[I]], 0] [2, 16] [1, 1]
// FUSED:           %[[P:.*]] = linalg.softmax dimension(1) ins(%[[S]] : tensor<2x16xf32>) outs(%{{.*}} : tensor<2x16xf32>) -> tensor<2x16xf32>
// FUSED:           linalg.matmul ins(%[[P]], %{{.*}} : tensor<2x16xf32>, tensor<16x4xf32>)

// EXEC-NOT: differs
// EXEC: check: ok, the transformed module matches the untransformed input
