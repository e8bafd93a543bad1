// rock-linalg-align on the kernels of the issue's list (Inputs/, also executed against numpy
// after every stage by tests/rock/test_fusion.py).
// RUN: xfuse-opt %S/Inputs/pure_copy.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=COPY
// RUN: xfuse-opt %S/Inputs/broadcast_extra_input.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=BCAST
// RUN: xfuse-opt %S/Inputs/several_readers_different_views.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=CLONE
// RUN: xfuse-opt %S/Inputs/chain_of_two_generics.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=CHAIN
// RUN: xfuse-opt %S/Inputs/view_between_generic_and_copy.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=VIEW
// RUN: xfuse-opt %S/Inputs/diamond.mlir -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s --check-prefix=DIAMOND

// Pure copy elimination: the GEMM's registers go straight to %out.
// COPY-NOT:  memref.alloc
// COPY:      %[[REG:.*]] = rock.alloc() : memref<16xf32>
// COPY:      %[[OUT:.*]] = rock.transform %out by {{.*}} : memref<8x16xf32> to memref<1x8x16xf32>
// COPY-NEXT: rock.threadwise_write_all features = none %[[REG]] -> [{{.*}}](%[[OUT]]) [%bid, %tid] by set : memref<16xf32> -> memref<1x8x16xf32>
// COPY-NOT:  memref.copy

// A broadcast extra input is loaded into registers through id2mat and its own views.
// BCAST:      %[[CREG:.*]] = rock.alloc() : memref<16xf32>
// BCAST:      %[[BREG:.*]] = rock.alloc() : memref<16xf32>
// BCAST:      %[[FREG:.*]] = rock.alloc() : memref<16xf32>
// BCAST:      %[[B0:.*]] = rock.transform %bias by {{.*}}AddDim{8}{{.*}} : memref<16xf32> to memref<8x16xf32>
// BCAST-NEXT: %[[B1:.*]] = rock.transform %[[B0]] by {{.*}} : memref<8x16xf32> to memref<1x8x16xf32>
// BCAST-NEXT: rock.threadwise_read_into [{{.*}}](%[[B1]]) [%bid, %tid] -> %[[BREG]] : memref<1x8x16xf32> -> memref<16xf32>
// BCAST-NEXT: linalg.generic {{.*}} ins(%[[CREG]], %[[BREG]] : memref<16xf32>, memref<16xf32>) outs(%[[FREG]] : memref<16xf32>)
// BCAST:      rock.threadwise_write_all features = none %[[FREG]] -> [{{.*}}](%{{.*}}) [%bid, %tid] by set

// Several readers: the write-back is cloned, one store per reader, each to its own output.
// CLONE-NOT:  memref.copy
// CLONE:      %[[CREG:.*]] = rock.alloc() : memref<16xf32>
// CLONE:      %[[FREG:.*]] = rock.alloc() : memref<16xf32>
// CLONE:      rock.transform %out2
// CLONE:      rock.threadwise_write_all features = none %[[CREG]] -> [{{.*}}](%{{.*}}) [%bid, %tid] by set : memref<16xf32> -> memref<1x8x16xf32>
// CLONE:      linalg.generic {{.*}} ins(%[[CREG]] : memref<16xf32>) outs(%[[FREG]] : memref<16xf32>)
// CLONE:      rock.transform %out1
// CLONE:      rock.threadwise_write_all features = none %[[FREG]] -> [{{.*}}](%{{.*}}) [%bid, %tid] by set : memref<16xf32> -> memref<1x8x16xf32>
// CLONE-NOT:  memref.copy

// A chain of two generics is fused in order.
// CHAIN:      linalg.generic {{.*}} ins(%c_reg : memref<16xf32>) outs(%[[F1:.*]] : memref<16xf32>)
// CHAIN:      rock.threadwise_read_into {{.*}} -> %[[IN:.*]] : memref<1x8x16xf32> -> memref<16xf32>
// CHAIN-NEXT: linalg.generic {{.*}} ins(%[[F1]], %[[IN]] : memref<16xf32>, memref<16xf32>) outs(%[[F2:.*]] : memref<16xf32>)
// CHAIN:      rock.threadwise_write_all features = none %[[F2]]

// A view between the generic and the copy ends up in the store's destination views.
// VIEW:      linalg.generic {{.*}} ins(%c_reg : memref<16xf32>) outs(%[[F:.*]] : memref<16xf32>)
// VIEW:      %[[O0:.*]] = rock.transform %out by <{{.*}}PassThrough ["n", "m"] at [1, 0] -> ["n", "m"] at [0, 1]>{{.*}} : memref<16x8xf32> to memref<8x16xf32>
// VIEW-NEXT: %[[O1:.*]] = rock.transform %[[O0]] by {{.*}} : memref<8x16xf32> to memref<1x8x16xf32>
// VIEW-NEXT: rock.threadwise_write_all features = none %[[F]] -> [{{.*}}](%[[O1]])
// VIEW-NOT:  memref.copy

// A diamond (the second add reads the GEMM and the first add): the first add's registers are
// forwarded to the second, so neither intermediate is stored or read back.
// DIAMOND-NOT:  memref.alloc
// DIAMOND:      %[[CREG:.*]] = rock.alloc() : memref<16xf32>
// DIAMOND:      %[[F1:.*]] = rock.alloc() : memref<16xf32>
// DIAMOND:      %[[F2:.*]] = rock.alloc() : memref<16xf32>
// DIAMOND-NOT:  rock.threadwise_read_into
// DIAMOND:      linalg.generic {{.*}} ins(%[[CREG]] : memref<16xf32>) outs(%[[F1]] : memref<16xf32>)
// DIAMOND:        arith.mulf
// DIAMOND:      linalg.generic {{.*}} ins(%[[CREG]], %[[F1]] : memref<16xf32>, memref<16xf32>) outs(%[[F2]] : memref<16xf32>)
// DIAMOND:        arith.addf
// DIAMOND:      %[[OUT:.*]] = rock.transform %out
// DIAMOND-NEXT: rock.threadwise_write_all features = none %[[F2]] -> [{{.*}}](%[[OUT]])
// DIAMOND-NOT:  rock.threadwise_write_all
