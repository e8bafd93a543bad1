// bufferization-dialect and scf region ops (inputs in tests/bufferize_cases/, run there
// differentially against mlir-opt's one-shot-bufferize too), and the refusals.
// RUN: xfuse-opt %S/../../../bufferize_cases/materialize_computed.mlir -p xfuse-bufferize | filecheck %s --check-prefix=MAT
// RUN: xfuse-opt %S/../../../bufferize_cases/materialize_argument.mlir -p xfuse-bufferize | filecheck %s --check-prefix=MATARG
// RUN: xfuse-opt %S/Inputs/materialize-memref.mlir -p xfuse-bufferize | filecheck %s --check-prefix=MATMEM
// RUN: xfuse-opt %S/../../../bufferize_cases/alloc_tensor.mlir -p xfuse-bufferize | filecheck %s --check-prefix=ALLOC
// RUN: xfuse-opt %S/../../../bufferize_cases/to_buffer_to_tensor.mlir -p xfuse-bufferize | filecheck %s --check-prefix=TOBUF
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_execute_region.mlir -p xfuse-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_while.mlir -p xfuse-bufferize | filecheck %s --check-prefix=WHILE
// RUN: xfuse-opt %S/../../../bufferize_cases/linalg_named_ops.mlir -p xfuse-bufferize | filecheck %s --check-prefix=LINALG
// RUN: not xfuse-opt %S/Inputs/unsupported-while.mlir -p xfuse-bufferize 2>&1 | filecheck %s --check-prefix=REFUSED-WHILE
// RUN: not xfuse-opt %S/Inputs/unsupported-generate.mlir -p xfuse-bufferize 2>&1 | filecheck %s --check-prefix=REFUSED-GENERATE

// The add writes the destination's buffer (empty-tensor elimination): no temporary, no copy.
// MAT:      %[[D:.*]] = memref.alloc() : memref<8x8xf32>
// MAT-NEXT: linalg.fill ins(%zero : f32) outs(%[[D]] : memref<8x8xf32>)
// MAT-NEXT: linalg.add ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%[[D]] : memref<8x8xf32>)
// MAT-NEXT: func.return %[[D]]

// MATARG:      %[[D:.*]] = memref.alloc() : memref<8x8xf32>
// MATARG:      memref.copy %a, %[[D]]
// MATARG-NEXT: func.return %[[D]]

// The memref form: the add computes straight into the memref (empty-tensor elimination);
// dealloc_tensor disappears.
// MATMEM-LABEL: func.func @materialize_memref(
// MATMEM-NEXT:    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
// MATMEM-NEXT:    func.return
// Unless the memref is used in between: then a temporary and a copy.
// MATMEM-LABEL: func.func @materialize_memref_read_between(
// MATMEM:         %[[X:.*]] = memref.alloc() : memref<4xf32>
// MATMEM-NEXT:    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%[[X]] : memref<4xf32>)
// MATMEM-NEXT:    %old = memref.load %out[%c0]
// MATMEM-NEXT:    memref.copy %[[X]], %out
// MATMEM-NOT:  dealloc_tensor

// ALLOC:      %[[C:.*]] = memref.alloc() : memref<4x4xf32>
// ALLOC-NEXT: memref.copy %a, %[[C]]
// ALLOC-NEXT: memref.store %one, %[[C]][%c0, %c0]
// ALLOC-NEXT: %[[E:.*]] = memref.alloc() : memref<4x4xf32>
// ALLOC-NEXT: linalg.fill ins(%one : f32) outs(%[[E]] : memref<4x4xf32>)

// to_buffer read_only + to_tensor restrict: the argument itself is read; the writable
// to_tensor's memref is written in place and returned as it is.
// TOBUF:      linalg.add ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>)
// TOBUF:      %n = memref.alloc() : memref<4x4xf32>
// TOBUF-NEXT: linalg.fill ins(%one : f32) outs(%n : memref<4x4xf32>)
// TOBUF-NEXT: linalg.add ins(%n, %{{.*}} : memref<4x4xf32>, memref<4x4xf32>) outs(%n : memref<4x4xf32>)
// TOBUF-NEXT: func.return %{{.*}}, %n

// The single-block execute_region is inlined; its buffer is the function's result.
// EXEC:      %[[X:.*]] = memref.alloc() : memref<4xf32>
// EXEC-NEXT: linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%[[X]] : memref<4xf32>)
// EXEC-NEXT: func.return %[[X]]

// scf.index_switch: copy-after-branches.mlir.

// The before buffer (a copy of the init) is forwarded to the after region as it is; the
// yield copies the new value into it.
// WHILE:      %[[B:.*]] = memref.alloc() : memref<4xf32>
// WHILE-NEXT: memref.copy %a, %[[B]]
// WHILE-NEXT: %r = scf.while (%i = %c0) : (index) -> index {
// WHILE-NOT:  memref.copy
// WHILE:      scf.condition(%go) %i : index
// WHILE:      linalg.add ins(%[[B]], %a : memref<4xf32>, memref<4xf32>) outs(%[[X:.*]] : memref<4xf32>)
// WHILE:      memref.copy %[[X]], %[[B]]
// WHILE:      func.return %[[B]]

// LINALG: linalg.copy ins(%a : memref<4x6xf32>) outs(%{{.*}} : memref<4x6xf32>)
// LINALG: linalg.transpose ins(%a : memref<4x6xf32>) outs(%{{.*}} : memref<6x4xf32>) permutation = [1, 0]
// LINALG: linalg.broadcast ins(%v : memref<6xf32>) outs(%{{.*}} : memref<4x6xf32>) dimensions = [0]
// LINALG: %[[ACC:.*]] = memref.alloc() : memref<4xf32>
// LINALG-NEXT: linalg.fill ins(%zero : f32) outs(%[[ACC]] : memref<4xf32>)
// LINALG-NEXT: linalg.reduce ins(%a : memref<4x6xf32>) outs(%[[ACC]] : memref<4xf32>) dimensions = [1]

// REFUSED-WHILE: unsupported-while.mlir:3:{{[0-9]+}}: error: xfuse-bufferize: an scf.while with a tensor of dynamic shape is not supported
// REFUSED-GENERATE: unsupported-generate.mlir:4:{{[0-9]+}}: error: xfuse-bufferize: 'tensor.empty' in the body of 'tensor.generate' is not supported (only scalar code, tensor.extract and tensor.dim)

// RUN: xfuse-opt %S/../../../bufferize_cases/upstream_scf_if_non_equiv_yields.mlir -p xfuse-bufferize | filecheck %s --check-prefix=IFARGS
// Branches yielding two read-only arguments: a memref result, no copy (and neither argument is
// written: this once copied %B into %A).
// IFARGS:      %[[R:.*]] = scf.if %b -> (memref<4xf32>) {
// IFARGS-NEXT:   scf.yield %A : memref<4xf32>
// IFARGS-NEXT: } else {
// IFARGS-NEXT:   scf.yield %B : memref<4xf32>
// IFARGS-NEXT: }
// IFARGS-NEXT: func.return %[[R]] : memref<4xf32>
// IFARGS-NOT:  memref.copy
