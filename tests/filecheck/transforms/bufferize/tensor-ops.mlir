// The tensor-dialect ops (inputs in tests/bufferize_cases/, run there differentially against
// mlir-opt's one-shot-bufferize too).
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_insert.mlir -p xfuse-bufferize | filecheck %s --check-prefix=INSERT
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_from_elements_extract.mlir -p xfuse-bufferize | filecheck %s --check-prefix=ELEMENTS
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_generate.mlir -p xfuse-bufferize | filecheck %s --check-prefix=GENERATE
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_splat.mlir -p xfuse-bufferize | filecheck %s --check-prefix=SPLAT
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_pad.mlir -p xfuse-bufferize | filecheck %s --check-prefix=PAD
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_reshapes.mlir -p xfuse-bufferize | filecheck %s --check-prefix=RESHAPES
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_cast_dim_rank.mlir -p xfuse-bufferize | filecheck %s --check-prefix=CAST
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_concat.mlir -p xfuse-bufferize | filecheck %s --check-prefix=CONCAT
// RUN: xfuse-opt %S/../../../bufferize_cases/tensor_reshape.mlir -p xfuse-bufferize | filecheck %s --check-prefix=RESHAPE
// RUN: xfuse-opt %S/Inputs/tensor_bitcast.mlir -p xfuse-bufferize | filecheck %s --check-prefix=BITCAST
// RUN: xfuse-opt %S/../../../bufferize_cases/arith_select.mlir -p xfuse-bufferize | filecheck %s --check-prefix=SELECT
// RUN: xfuse-opt %S/../../../bufferize_cases/vector_transfer.mlir -p xfuse-bufferize | filecheck %s --check-prefix=VECTOR

// Into a read-only argument: a copy; into a filled tensor: in place, twice.
// INSERT:      %[[A:.*]] = memref.alloc() : memref<4x8xf32>
// INSERT-NEXT: memref.copy %a, %[[A]]
// INSERT-NEXT: memref.store %x, %[[A]][%i, %c0] : memref<4x8xf32>
// INSERT-NEXT: %[[F:.*]] = memref.alloc() : memref<4x8xf32>
// INSERT-NEXT: linalg.fill ins(%zero : f32) outs(%[[F]] : memref<4x8xf32>)
// INSERT-NEXT: memref.store %x, %[[F]][%c0, %i]
// INSERT-NEXT: memref.store %x, %[[F]][%i, %i]
// INSERT-NEXT: func.return %[[A]], %[[F]]

// ELEMENTS:     %x = memref.load %a[%i, %c0] : memref<5x8xf32>
// ELEMENTS:     %[[T:.*]] = memref.alloc() : memref<2x3xf32>
// ELEMENTS-COUNT-6: memref.store %{{.*}}, %[[T]]
// ELEMENTS:     func.return %[[T]]

// GENERATE:      %[[G:.*]] = memref.alloc(%n) : memref<?x3xf32>
// GENERATE-NEXT: linalg.generic {{.*}} outs(%[[G]] : memref<?x3xf32>) {
// GENERATE:        %[[I:.*]] = linalg.index 0 : index
// GENERATE-NEXT:   %[[J:.*]] = linalg.index 1 : index
// GENERATE-NEXT:   memref.load %a[%[[J]]] : memref<3xf32>
// GENERATE-NEXT:   arith.index_cast %[[I]]
// GENERATE-NOT:  tensor.

// SPLAT:      %[[S:.*]] = memref.alloc() : memref<4x4xf32>
// SPLAT-NEXT: linalg.fill ins(%x : f32) outs(%[[S]] : memref<4x4xf32>)
// SPLAT:      %[[D:.*]] = memref.alloc(%n) : memref<?x4xf32>
// SPLAT-NEXT: linalg.fill ins(%x : f32) outs(%[[D]] : memref<?x4xf32>)
// SPLAT-NEXT: memref.dealloc %[[S]]

// A constant padding value: fill, then the source copied into the interior.
// PAD:      %[[P:.*]] = memref.alloc() : memref<7x9xf32>
// PAD-NEXT: linalg.fill ins(%cst : f32) outs(%[[P]] : memref<7x9xf32>)
// PAD-NEXT: %[[V:.*]] = memref.subview %[[P]][1, 2] [4, 5] [1, 1] : memref<7x9xf32> to memref<4x5xf32, strided<[9, 1], offset: 11>>
// PAD-NEXT: memref.copy %a, %[[V]]
// A padding value computed from the indices, dynamic low padding: size low + 4 + 1.
// PAD:      %[[N:.*]] = arith.addi %n, %{{.*}} : index
// PAD-NEXT: %[[Q:.*]] = memref.alloc(%[[N]]) : memref<?x6xf32>
// PAD-NEXT: linalg.generic {{.*}} outs(%[[Q]] : memref<?x6xf32>)
// PAD:      memref.subview %[[Q]][%n, 0] [4, 5] [1, 1]

// Reshapes of an argument: views, no copy; of a strided slice: a copy first.
// RESHAPES:      %[[E:.*]] = memref.expand_shape %a {{.*}} output_shape [2, 2, 6] : memref<4x6xf32> into memref<2x2x6xf32>
// RESHAPES-NEXT: %[[C:.*]] = memref.collapse_shape %a {{.*}} : memref<4x6xf32> into memref<24xf32>
// RESHAPES-NEXT: %[[S:.*]] = memref.subview %b[1, 0] [2, 6] [2, 1]
// RESHAPES-NEXT: %[[B:.*]] = memref.alloc() : memref<2x6xf32>
// RESHAPES-NEXT: memref.copy %[[S]], %[[B]]
// RESHAPES-NEXT: %[[D:.*]] = memref.collapse_shape %[[B]]
// RESHAPES:      func.return %{{.*}}, %[[C]], %[[D]]

// CAST:      %[[X:.*]] = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
// CAST-NEXT: %n = memref.dim %[[X]], %c1 : memref<?x?xf32>
// CAST-NEXT: %r = arith.constant 2 : index
// CAST-NEXT: %[[E:.*]] = memref.alloc(%r, %n) : memref<?x?xf32>
// CAST-NEXT: memref.cast %[[E]] : memref<?x?xf32> to memref<2x8xf32>
// CAST:      func.return %{{.*}}, %[[X]]

// CONCAT:      %[[R:.*]] = memref.alloc() : memref<6x3xf32>
// CONCAT-NEXT: %[[R0:.*]] = memref.subview %[[R]][0, 0] [2, 3] [1, 1]
// CONCAT-NEXT: memref.copy %a, %[[R0]]
// CONCAT-NEXT: %[[R1:.*]] = memref.subview %[[R]][2, 0] [4, 3] [1, 1]
// CONCAT-NEXT: memref.copy %b, %[[R1]]
// CONCAT:      %[[W:.*]] = memref.dim %c, %{{.*}} : memref<2x?xf32>
// CONCAT:      %[[SUM:.*]] = arith.addi %[[W]], %{{.*}} : index
// CONCAT-NEXT: memref.alloc(%[[SUM]]) : memref<2x?xf32>

// RESHAPE: memref.reinterpret_cast %a to offset: [0], sizes: [3, 8], strides: [8, 1] : memref<4x6xf32> to memref<3x8xf32>

// BITCAST:      %[[B:.*]] = memref.alloc() : memref<4x4xi32>
// BITCAST-NEXT: linalg.generic {{.*}} ins(%a : memref<4x4xf32>) outs(%[[B]] : memref<4x4xi32>)
// BITCAST:      arith.bitcast %{{.*}} : f32 to i32

// Neither operand may be written (one is returned, one is a read-only argument): one copy of
// the selected buffer, which the insert writes.
// SELECT:      %[[X:.*]] = memref.alloc() : memref<4xf32>
// SELECT:      %[[S:.*]] = arith.select %cond, %[[X]], %a : memref<4xf32>
// SELECT-NEXT: %[[C:.*]] = memref.alloc() : memref<4xf32>
// SELECT-NEXT: memref.copy %[[S]], %[[C]]
// SELECT:      memref.store %one, %[[C]][%c0]
// SELECT:      func.return %[[C]], %[[X]]

// VECTOR:      vector.transfer_read %a[%c2, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<2x8xf32>
// VECTOR:      %[[F:.*]] = memref.alloc() : memref<4x8xf32>
// VECTOR-NEXT: linalg.fill
// VECTOR-NEXT: vector.transfer_write %w, %[[F]][%c0, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, memref<4x8xf32>
// VECTOR-NEXT: func.return %[[F]]
