// Issue 9: the defects random testing found (inputs in tests/bufferize_cases/, run there
// differentially against mlir-opt too).
// RUN: xfuse-opt %S/../../../bufferize_cases/forall_shared_outs_one_value.mlir -p xfuse-bufferize | filecheck %s --check-prefix=FORALL
// RUN: xfuse-opt %S/../../../bufferize_cases/for_iter_args_one_value.mlir -p xfuse-bufferize | filecheck %s --check-prefix=FOR
// RUN: xfuse-opt %S/../../../bufferize_cases/forall_only_affine_min.mlir -p xfuse-bufferize | filecheck %s --check-prefix=EMPTY
// RUN: xfuse-opt %S/../../../bufferize_cases/dynamic_extract_slice_out_of_place.mlir -p xfuse-bufferize | filecheck %s --check-prefix=DYN

// Two shared_outs tied to one tensor.empty: two buffers (the second a fresh allocation, no copy
// since the empty has no contents); each tile is computed straight into its own buffer's
// subview (empty-tensor elimination, dynamic tile sizes).
// FORALL:      %[[B0:.*]] = memref.alloc() : memref<24x48xf32>
// FORALL-NEXT: %[[B1:.*]] = memref.alloc() : memref<24x48xf32>
// FORALL-NOT:  memref.copy
// FORALL:      scf.forall
// FORALL:      %[[T0:.*]] = memref.subview %[[B0]][%i, %j] [%s0, %s1] [1, 1]
// FORALL-NEXT: linalg.add {{.*}} outs(%[[T0]] :
// FORALL-NEXT: %[[T1:.*]] = memref.subview %[[B1]][%i, %j] [%s0, %s1] [1, 1]
// FORALL-NEXT: linalg.mul {{.*}} outs(%[[T1]] :
// FORALL-NEXT: }
// FORALL-NEXT: func.return %[[B0]], %[[B1]]

// FOR:      %[[B0:.*]] = memref.alloc() : memref<24x48xf32>
// FOR-NEXT: %[[B1:.*]] = memref.alloc() : memref<24x48xf32>
// FOR-NEXT: scf.for
// FOR:      linalg.add {{.*}} outs(%{{.*}} : memref<8x48xf32, strided<[48, 1], offset: ?>>)
// FOR:      memref.subview %[[B1]]
// FOR:      func.return %[[B0]], %[[B1]]

// A result-less forall holding only an affine.min passes through (no traceback).
// EMPTY:      scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (20, 33) step (16, 32) {
// EMPTY-NEXT:   affine.min
// EMPTY-NEXT: }
// EMPTY-NEXT: func.return %a : memref<20x33xf32>

// The out-of-place dynamic slice: an allocation sized by the slice's dynamic size (no copy:
// the fill overwrites it).
// DYN:      %[[S:.*]] = affine.min
// DYN-NEXT: %[[V:.*]] = memref.subview %a[%n, 0] [%[[S]], 8] [1, 1] : memref<20x33xf32> to memref<?x8xf32, strided<[33, 1], offset: ?>>
// DYN-NEXT: %[[A:.*]] = memref.alloc(%[[S]]) : memref<?x8xf32>
// DYN-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?x8xf32>)
