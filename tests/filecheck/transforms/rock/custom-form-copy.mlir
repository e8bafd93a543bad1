// A rocMLIR-style kernel that ends in a custom-form `memref.copy` (MLIR 22's spelling): read by
// xfuse-opt, regularized (the copy then reads and writes through the GEMM's view) and printed
// back in custom form. Executed before and after rock-pipeline in with-mlir/transforms/rock-custom-copy-exec.mlir.
// RUN: xfuse-opt %S/Inputs/custom_form_copy.mlir -p rock-regularize | filecheck %s
// RUN: xfuse-opt %S/Inputs/custom_form_copy.mlir -p rock-pipeline | filecheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @custom_form_copy
// CHECK:       rock.gridwise_gemm %[[C:.*]] = %a * %b
// CHECK:       %[[D:.*]] = rock.transform %doubled by {{.*}} : memref<16x8xf32> to memref<1x8x16xf32>
// CHECK-NEXT:  linalg.generic {{.*}} ins(%[[C]] : memref<1x8x16xf32>) outs(%[[D]] : memref<1x8x16xf32>)
// CHECK:       %[[O:.*]] = rock.transform %out by {{.*}} : memref<16x8xf32> to memref<1x8x16xf32>
// CHECK-NEXT:  memref.copy %[[D]], %[[O]] : memref<1x8x16xf32> to memref<1x8x16xf32>
// CHECK-NEXT:  func.return

// rock-pipeline fuses the copy into the GEMM's register-tile write to %out.
// PIPELINE-LABEL: func.func @custom_form_copy
// PIPELINE-NOT:   memref.copy
// PIPELINE:       memref.store %{{.*}}, %out[%{{.*}}, %{{.*}}] : memref<16x8xf32>
// PIPELINE-NOT:   memref.copy
// PIPELINE:       func.return
