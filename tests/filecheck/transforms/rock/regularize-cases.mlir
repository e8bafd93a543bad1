// rock-regularize on the kernels of the issue's list (Inputs/, also executed against numpy by
// tests/rock/test_regularize.py): after it, the ops after the GEMM read %c, the GEMM's own view.
// RUN: xfuse-opt %S/Inputs/reshape_on_gemm_output.mlir -p rock-regularize | filecheck %s --check-prefix=RESHAPE
// RUN: xfuse-opt %S/Inputs/broadcast_extra_input.mlir -p rock-regularize | filecheck %s --check-prefix=BCAST
// RUN: xfuse-opt %S/Inputs/transposed_gemm_output.mlir -p rock-regularize | filecheck %s --check-prefix=TRANSPOSED
// RUN: xfuse-opt %S/Inputs/input_side_push.mlir -p rock-regularize | filecheck %s --check-prefix=INPUT
// RUN: xfuse-opt %S/Inputs/several_readers_different_views.mlir -p rock-regularize | filecheck %s --check-prefix=ISOLATE
// RUN: xfuse-opt %S/Inputs/chain_of_two_generics.mlir -p rock-regularize | filecheck %s --check-prefix=CHAIN

// The expand_shape becomes an Unmerge view, which is pulled onto the GEMM as its inverse (Merge).
// RESHAPE-NOT:  memref.expand_shape
// RESHAPE:      %[[TMP:.*]] = rock.alloc() : memref<8x4x4xf32>
// RESHAPE-NEXT: %[[INV:.*]] = rock.transform %[[TMP]] by <{{.*}}<Merge{4, 4} ["col1"] at [1] -> ["exp1", "exp2"] at [1, 2]>] bounds = [8, 16] -> [8, 4, 4]> : memref<8x4x4xf32> to memref<8x16xf32>
// RESHAPE-NEXT: %[[C:.*]] = rock.transform %[[INV]] by {{.*}} : memref<8x16xf32> to memref<1x8x16xf32>
// RESHAPE-NEXT: rock.gridwise_gemm %[[C]] = %a * %b
// RESHAPE:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]{{.*}} ins(%[[C]] : memref<1x8x16xf32>) outs(%{{.*}} : memref<1x8x16xf32>)

// The bias' indexing map (d0, d1) -> (d1) becomes a view adding the broadcast dimension.
// BCAST:      rock.gridwise_gemm %[[C:.*]] = %a * %b
// BCAST:      %[[B0:.*]] = rock.transform %bias by <affine_map<(d0, d1) -> (d1)> by [<PassThrough ["d1"] at [1] -> ["dim0"] at [0]>, <AddDim{8} ["d0"] at [0] -> [] at []>] bounds = [8, 16] -> [16]> : memref<16xf32> to memref<8x16xf32>
// BCAST-NEXT: %[[B1:.*]] = rock.transform %[[B0]] by {{.*}}AddDim{1}{{.*}} : memref<8x16xf32> to memref<1x8x16xf32>
// BCAST:      linalg.generic {{.*}} ins(%[[C]], %[[B1]] : memref<1x8x16xf32>, memref<1x8x16xf32>) outs(%{{.*}} : memref<1x8x16xf32>)

// TRANSPOSED: rock.gridwise_gemm %[[C:.*]] = %a * %b
// TRANSPOSED: %[[O:.*]] = rock.transform %out by {{.*}}PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [1, 0]{{.*}} : memref<16x8xf32> to memref<1x8x16xf32>
// TRANSPOSED: linalg.generic {{.*}} ins(%[[C]] : memref<1x8x16xf32>) outs(%[[O]] : memref<1x8x16xf32>)

// Input side: the generic producing A wrote through a view; it now writes a buffer of that
// view's type, and the GEMM reads it through the inverse view.
// INPUT:      %[[TA:.*]] = rock.alloc() : memref<4x8xf32>
// INPUT-NEXT: %[[TA_INV:.*]] = rock.transform %[[TA]] by <{{.*}}<AddDim{1} ["g"] at [0] -> [] at []>{{.*}}> : memref<4x8xf32> to memref<1x4x8xf32>
// INPUT-NEXT: linalg.generic {{.*}} ins(%a0 : memref<4x8xf32>) outs(%[[TA]] : memref<4x8xf32>)
// INPUT:      rock.gridwise_gemm %{{.*}} = %[[TA_INV]] * %b

// Two readers with different views (a reshape and a transpose): the second gets its own copy.
// ISOLATE:      rock.gridwise_gemm %[[C:.*]] = %a * %b
// ISOLATE:      %[[ISO:.*]] = rock.alloc() : memref<16x8xf32>
// ISOLATE:      memref.copy %[[C]], %{{.*}} : memref<1x8x16xf32> to memref<1x8x16xf32>
// ISOLATE:      linalg.generic {{.*}} ins(%[[C]] : memref<1x8x16xf32>)
// ISOLATE:      memref.copy %{{.*}}, %{{.*}} : memref<1x8x16xf32> to memref<1x8x16xf32>

// CHAIN: rock.gridwise_gemm %[[C:.*]] = %a * %b
// CHAIN: linalg.generic {{.*}} ins(%[[C]] : memref<1x8x16xf32>) outs(%[[T2:.*]] : memref<1x8x16xf32>)
// CHAIN: linalg.generic {{.*}} ins(%[[T2]], %{{.*}} : memref<1x8x16xf32>, memref<1x8x16xf32>) outs(%{{.*}} : memref<1x8x16xf32>)
