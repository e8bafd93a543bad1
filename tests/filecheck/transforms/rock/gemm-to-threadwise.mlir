// rock-gemm-to-threadwise on the regularized running example: an emulated grid (%bid, %tid loops)
// computing a 4x4 register tile per thread, stored by rock.threadwise_write_all through id2mat
// (Merge bid/tid/iter, then Unmerge into m and n) and the GEMM's own view %c.
// RUN: xfuse-opt %S/../../../../examples/rock_running_example.mlir -p rock-regularize,rock-gemm-to-threadwise | filecheck %s
// RUN: xfuse-opt %S/../../../../examples/rock_running_example.mlir -p 'rock-regularize,rock-gemm-to-threadwise{tile-sizes=3,5 threads=2,1}' | filecheck %s --check-prefix=PAD
// RUN: not xfuse-opt %S/../../../../examples/rock_running_example.mlir -p 'rock-gemm-to-threadwise{tile-sizes=4}' 2>&1 | filecheck %s --check-prefix=OPTION

// CHECK-LABEL: func.func @running_example
// CHECK:       %[[C:.*]] = rock.transform %{{.*}} : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NOT:   rock.gridwise_gemm
// CHECK:       %[[REG:.*]] = rock.alloc() : memref<16xf32>
// CHECK:       scf.for %[[BID:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         scf.for %[[TID:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK:             %[[ACC:.*]] = scf.for {{.*}} iter_args({{.*}}) -> (f32) {
// CHECK:               memref.load %a
// CHECK:               memref.load %b
// CHECK:             memref.store %[[ACC]], %[[REG]][%[[R]]] : memref<16xf32>
// CHECK:           rock.threadwise_write_all features = none %[[REG]] -> [#rock.transform_map<{{.*}}<Merge{1, 4, 8} ["bid"] at [0] -> ["g", "m_block", "n_block"] at [0, 1, 2]>, <Merge{2, 2} ["tid"] at [1] -> ["m_thread", "n_thread"] at [3, 4]>, <Merge{4, 4} ["iter"] at [2] -> ["m_iter", "n_iter"] at [5, 6]>] bounds = [32, 4, 16] -> [1, 4, 8, 2, 2, 4, 4]>, #rock.transform_map<{{.*}}<Unmerge{4, 2, 4} ["m_block", "m_thread", "m_iter"] at [1, 3, 5] -> ["m"] at [1]>, <Unmerge{8, 2, 4} ["n_block", "n_thread", "n_iter"] at [2, 4, 6] -> ["n"] at [2]>] bounds = [1, 4, 8, 2, 2, 4, 4] -> [1, 32, 64]>](%[[C]]) [%[[BID]], %[[TID]]] by set : memref<16xf32> -> memref<1x32x64xf32>
// CHECK:       linalg.generic {{.*}} ins(%[[C]], %{{.*}} : memref<1x32x64xf32>, memref<1x32x64xf32>)

// 3x5 register tiles, 2x1 threads: blocks of 6x5 do not divide 32x64, so id2mat ends with a Pad
// to 36x65 whose invalid coordinates are neither computed into C nor stored.
// PAD: scf.if
// PAD: rock.threadwise_write_all {{.*}}<Pad{0, 4, 0, 1} ["m", "n"] at [1, 2] -> ["m", "n"] at [1, 2]>] bounds = [1, 36, 65] -> [1, 32, 64]>](%{{.*}}) [%bid, %tid] by set : memref<15xf32> -> memref<1x32x64xf32>
// OPTION: error: rock-gemm-to-threadwise: 'tile-sizes' takes two positive sizes (m,n), got [4]
// OPTION-NOT: Traceback
