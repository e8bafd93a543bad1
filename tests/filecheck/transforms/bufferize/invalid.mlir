// Refusals: a diagnostic at the op, exit 1.
// RUN: not xfuse-opt %S/Inputs/unknown-op.mlir -p xfuse-bufferize 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not xfuse-opt %S/Inputs/recursion.mlir -p xfuse-bufferize 2>&1 | filecheck %s --check-prefix=RECURSION
// RUN: not xfuse-opt %S/Inputs/mutual-recursion.mlir -p xfuse-bufferize 2>&1 | filecheck %s --check-prefix=MUTUAL
// With allow-unknown-ops the unknown op keeps its tensors, bridged by to_tensor / to_buffer
// (what it returns is copied into a buffer the caller owns).
// RUN: xfuse-opt %S/Inputs/unknown-op.mlir -p 'xfuse-bufferize{allow-unknown-ops=true}' | filecheck %s --check-prefix=ALLOW

// UNKNOWN: unknown-op.mlir:2:3: error: xfuse-bufferize: cannot bufferize 'test.op': no bufferization model
// UNKNOWN-NEXT: note: see op 'test.op'

// RECURSION: recursion.mlir:2:3: error: xfuse-bufferize: recursive call to '@rec': functions are analysed callee before caller, so recursion is not supported

// Mutual recursion (@even calls @odd inside an scf.if, @odd calls @even): the call closing the
// cycle is named.
// MUTUAL: mutual-recursion.mlir:18:3: error: xfuse-bufferize: recursive call to '@even': functions are analysed callee before caller, so recursion is not supported
// MUTUAL-NEXT: note: see op 'func.call'

// ALLOW-LABEL: func.func @unknown(%a: memref<4xf32>) -> memref<4xf32>
// ALLOW-NEXT:    %[[T:.*]] = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
// ALLOW-NEXT:    %[[R:.*]] = "test.op"(%[[T]]) : (tensor<4xf32>) -> tensor<4xf32>
// ALLOW-NEXT:    %[[B:.*]] = bufferization.to_buffer %[[R]] : tensor<4xf32> to memref<4xf32>
// ALLOW-NEXT:    %[[C:.*]] = memref.alloc() : memref<4xf32>
// ALLOW-NEXT:    memref.copy %[[B]], %[[C]]
// ALLOW-NEXT:    func.return %[[C]] : memref<4xf32>
