// What xfuse-lower-pack-unpack produces is accepted by mlir-opt 22, in custom and generic
// form, and bufferizes (the reason for the pass: pack/unpack have no bufferization model).
// RUN: xfuse-opt %S/../transforms/lower-pack-unpack.mlir --split-input-file -p xfuse-lower-pack-unpack | mlir-opt --split-input-file | filecheck %s
// RUN: xfuse-opt %S/../transforms/lower-pack-unpack.mlir --split-input-file -p xfuse-lower-pack-unpack --print-op-generic | mlir-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @pack_pad_perm
// CHECK: tensor.pad
// CHECK: tensor.expand_shape
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @unpack_dynamic
// CHECK: linalg.copy
// BUF-NOT: linalg.pack
// BUF-NOT: linalg.unpack
// BUF-LABEL: func.func @pack_pad_perm
// BUF: memref
