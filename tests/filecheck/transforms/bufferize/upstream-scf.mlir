// Inputs adapted from MLIR 22's SCF one-shot-bufferize tests (Inputs/upstream-scf.mlir): the
// bufferized module is valid MLIR 22 (mlir-opt parses and verifies it) and holds no tensor.
// RUN: xfuse-opt %S/Inputs/upstream-scf.mlir -p xfuse-bufferize | mlir-opt | filecheck %s
// CHECK-NOT: tensor<

// The read-only %A is copied once (its loop only yields it); %B, writable, is returned as is.
// CHECK-LABEL: func.func @scf_for_yield_only(
// CHECK:         %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[A]]
// CHECK:         return %[[A]], %{{.*}} : memref<?xf32>, memref<?xf32>

// A yield not equivalent to its iter_arg: copied into the iter_arg's buffer each iteration.
// CHECK-LABEL: func.func @scf_for_is_reading(
// CHECK:         %[[I:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:         scf.for
// CHECK-NEXT:      linalg.fill ins(%{{.*}} : f32) outs(%[[I]] : memref<?xf32>)
// CHECK-NEXT:      memref.copy %{{.*}}, %[[I]]

// CHECK-LABEL: func.func @scf_for_with_tensor.insert_slice(
// CHECK:         scf.for
// CHECK-NEXT:      memref.subview %{{.*}}[0] [4] [1]
// CHECK-NEXT:      memref.copy
// CHECK-NEXT:      memref.subview %{{.*}}[0] [4] [1]
// CHECK-NEXT:      memref.copy

// The execute_region is inlined; the insert into the writable %t1 is a copy since %t1 is read
// after it.
// CHECK-LABEL: func.func @execute_region_with_conflict(
// CHECK-NOT:     scf.execute_region
// CHECK:         %[[C:.*]] = memref.alloc
// CHECK-NEXT:    memref.copy %{{.*}}, %[[C]]
// CHECK-NEXT:    memref.store %{{.*}}, %[[C]]

// CHECK-LABEL: func.func @scf_if_inplace(
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<5xf32>, memref<?xf32>
// CHECK-NEXT:    }

// CHECK-LABEL: func.func @scf_execute_region_yield_non_equivalent(
// CHECK-NEXT:    %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    memref.load %[[T]]
// CHECK-NEXT:    memref.dealloc %[[T]]
