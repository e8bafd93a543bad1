// What xfuse-lower-tm-tensor produces is accepted by mlir-opt 22, in custom and generic form,
// and one-shot bufferization keeps the carried tensors in their buffers (no tm_tensor is left).
// RUN: xfuse-opt %S/../transforms/tm_tensor/lower.mlir --split-input-file -p xfuse-lower-tm-tensor | mlir-opt --split-input-file | filecheck %s
// RUN: xfuse-opt %S/../transforms/tm_tensor/lower.mlir --split-input-file -p xfuse-lower-tm-tensor --print-op-generic | mlir-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @cumsum
// CHECK: scf.for
// CHECK-LABEL: func.func @topk
// CHECK: scf.for
// BUF-NOT: tm_tensor
// BUF-LABEL: func.func @cumsum
// BUF: memref.store
// BUF-LABEL: func.func @scatter_add
// BUF: memref.store
// BUF-LABEL: func.func @sort_with_indices
// BUF: memref.store
// BUF-LABEL: func.func @topk
// BUF: memref.store
