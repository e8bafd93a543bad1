// The ops xfuse adds for bufferization (xfuse/dialects/tensor_extra.py, bufferization.py), spelled
// as MLIR 22: xfuse-opt prints them back unchanged, and mlir-opt parses what it prints.
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | mlir-opt | filecheck %s --check-prefix=MLIR

// CHECK-LABEL: func.func @extra_ops
// CHECK:         %g = tensor.generate %m {
// CHECK-NEXT:    ^bb0(%i: index, %j: index):
// CHECK:           tensor.yield %f : f32
// CHECK-NEXT:    } : tensor<?x3xf32>
// CHECK-NEXT:    %r = tensor.rank %g : tensor<?x3xf32>
// CHECK-NEXT:    %b = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT:    bufferization.dealloc_tensor %b : tensor<4xf32>
// MLIR: tensor.generate
// MLIR: tensor.rank
// MLIR: tensor.bitcast
// MLIR: bufferization.dealloc_tensor
func.func @extra_ops(%m: index, %t: tensor<4xi32>) -> (tensor<?x3xf32>, index) {
  %g = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %c = arith.index_cast %s : index to i32
    %f = arith.sitofp %c : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  %r = tensor.rank %g : tensor<?x3xf32>
  %b = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  bufferization.dealloc_tensor %b : tensor<4xf32>
  return %g, %r : tensor<?x3xf32>, index
}
