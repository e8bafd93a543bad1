// rock-linalg-align on the running example (after regularize and gemm-to-threadwise): the add is
// folded into the write-back (the bias loaded into registers through id2mat and its own views),
// the copy to %arg3 is eliminated by writing %arg3 through the composed views, and no
// intermediate buffer is left.
// RUN: xfuse-opt %S/../../../../examples/rock_running_example.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s

// CHECK-LABEL: func.func @running_example
// CHECK-NOT:   memref.alloc
// CHECK:       %[[CREG:.*]] = rock.alloc() : memref<16xf32>
// CHECK:       %[[BREG:.*]] = rock.alloc() : memref<16xf32>
// CHECK-NEXT:  %[[FREG:.*]] = rock.alloc() : memref<16xf32>
// CHECK:       scf.for %[[BID:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         scf.for %[[TID:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           memref.store %{{.*}}, %[[CREG]]
// CHECK:           %[[BCAST:.*]] = rock.transform %arg2 by {{.*}} : memref<8xf32> to memref<32x8x8xf32>
// CHECK-NEXT:      %[[B1:.*]] = rock.transform %[[BCAST]] by {{.*}}Merge{8, 8}{{.*}} : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT:      %[[B2:.*]] = rock.transform %[[B1]] by {{.*}}AddDim{1}{{.*}} : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT:      rock.threadwise_read_into [#rock.transform_map<{{.*}}Merge{1, 4, 8}{{.*}}>, #rock.transform_map<{{.*}}Unmerge{4, 2, 4}{{.*}}>](%[[B2]]) [%[[BID]], %[[TID]]] -> %[[BREG]] : memref<1x32x64xf32> -> memref<16xf32>
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[CREG]], %[[BREG]] : memref<16xf32>, memref<16xf32>) outs(%[[FREG]] : memref<16xf32>)
// CHECK:             arith.addf
// CHECK:           %[[O1:.*]] = rock.transform %arg3 by {{.*}} : memref<64x32xf32> to memref<32x64xf32>
// CHECK-NEXT:      %[[O2:.*]] = rock.transform %[[O1]] by {{.*}} : memref<32x64xf32> to memref<32x8x8xf32>
// CHECK-NEXT:      %[[O3:.*]] = rock.transform %[[O2]] by {{.*}} : memref<32x8x8xf32> to memref<32x64xf32>
// CHECK-NEXT:      %[[O4:.*]] = rock.transform %[[O3]] by {{.*}} : memref<32x64xf32> to memref<1x32x64xf32>
// CHECK-NEXT:      rock.threadwise_write_all features = none %[[FREG]] -> [{{.*}}](%[[O4]]) [%[[BID]], %[[TID]]] by set : memref<16xf32> -> memref<1x32x64xf32>
// CHECK-NOT:   memref.copy
// CHECK-NOT:   rock.transform
// CHECK:       func.return

