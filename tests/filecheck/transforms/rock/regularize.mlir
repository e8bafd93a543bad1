// rock-regularize on the seed's running example: reader views pulled onto writers (new buffers
// of the readers' types, the writers writing through the inverse views), then the writers'
// views pushed onto the readers so the add and the copy iterate in GEMM coordinates (1x32x64).
// RUN: xfuse-opt %S/../../../../examples/rock_running_example.mlir -p rock-regularize | filecheck %s

// CHECK-LABEL: func.func @running_example
// CHECK:      %[[TMP1:.*]] = rock.alloc() : memref<32x8x8xf32>
// CHECK-NEXT: %[[TMP1_INV:.*]] = rock.transform %[[TMP1]] by <{{.*}} by [<PassThrough ["m"] at [0] -> ["m"] at [0]>, <Merge{8, 8} ["n"] at [1] -> ["n0", "n1"] at [1, 2]>] bounds = [32, 64] -> [32, 8, 8]> : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[C:.*]] = rock.transform %[[TMP1_INV]] by <{{.*}}AddDim{1}{{.*}}> : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT: rock.gridwise_gemm %[[C]] = %a * %b features = none {gridSize = 4 : i32, blockSize = 64 : i32} : memref<1x32x64xf32> = memref<1x4x32xf32> * memref<1x4x64xf32>
// CHECK-NEXT: %[[BCAST:.*]] = rock.transform %arg2 by {{.*}} : memref<8xf32> to memref<32x8x8xf32>
// CHECK-NEXT: %[[TMP2:.*]] = rock.alloc() : memref<64x32xf32>
// CHECK-NEXT: %[[TMP2_TR_INV:.*]] = rock.transform %[[TMP2]] by <{{.*}}PassThrough ["n", "m"] at [1, 0] -> ["n", "m"] at [0, 1]>] bounds = [32, 64] -> [64, 32]> : memref<64x32xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[TMP2_CONCAT_INV:.*]] = rock.transform %[[TMP2_TR_INV]] by <{{.*}}Unmerge{8, 8}{{.*}}> : memref<32x64xf32> to memref<32x8x8xf32>
// CHECK-NEXT: %[[BIAS_SPLIT_INV:.*]] = rock.transform %[[BCAST]] by <{{.*}}Merge{8, 8}{{.*}}> : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[BIAS_ADD_BATCH:.*]] = rock.transform %[[BIAS_SPLIT_INV]] by <{{.*}}AddDim{1}{{.*}}> : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT: %[[TMP2_SPLIT_INV:.*]] = rock.transform %[[TMP2_CONCAT_INV]] by <{{.*}}Merge{8, 8}{{.*}}> : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[TMP2_ADD_BATCH:.*]] = rock.transform %[[TMP2_SPLIT_INV]] by <{{.*}}AddDim{1}{{.*}}> : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[C]], %[[BIAS_ADD_BATCH]] : memref<1x32x64xf32>, memref<1x32x64xf32>) outs(%[[TMP2_ADD_BATCH]] : memref<1x32x64xf32>)
// CHECK:      %[[ARG3_TR_INV:.*]] = rock.transform %arg3 by <{{.*}}> : memref<64x32xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[ARG3_CONCAT_INV:.*]] = rock.transform %[[ARG3_TR_INV]] by <{{.*}}Unmerge{8, 8}{{.*}}> : memref<32x64xf32> to memref<32x8x8xf32>
// CHECK-NEXT: %[[ARG3_SPLIT_INV:.*]] = rock.transform %[[ARG3_CONCAT_INV]] by <{{.*}}Merge{8, 8}{{.*}}> : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT: %[[ARG3_ADD_BATCH:.*]] = rock.transform %[[ARG3_SPLIT_INV]] by <{{.*}}AddDim{1}{{.*}}> : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT: memref.copy %[[TMP2_ADD_BATCH]], %[[ARG3_ADD_BATCH]] : memref<1x32x64xf32> to memref<1x32x64xf32>

