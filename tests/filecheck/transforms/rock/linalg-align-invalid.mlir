// Temporaries the GEMM writes that fusion cannot remove are refused, on their allocation.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align | filecheck %s

#add_batch = #rock.transform_map<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]>

func.func @unfusable(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<8x16xf32>) attributes {kernel} {
  // CHECK: linalg-align-invalid.mlir:[[# @LINE + 1]]:3: error: could not use fusion to eliminate this intermediate buffer
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by #add_batch : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %tmp[%c0, %c0] : memref<8x16xf32>
  memref.store %v, %out[%c0, %c0] : memref<8x16xf32>
  return
}
// CHECK-NOT: Traceback

// -----

#add_batch = #rock.transform_map<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]>

// The add reads %x, which is written after the GEMM: running the add inside the GEMM's loop
// would read %x before the copy fills it, so it is not fused.
func.func @input_written_after_the_gemm(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %src: memref<8x16xf32>, %out: memref<8x16xf32>) attributes {kernel} {
  // CHECK: linalg-align-invalid.mlir:[[# @LINE + 1]]:3: error: could not use fusion to eliminate this intermediate buffer
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by #add_batch : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  %x = memref.alloc() : memref<8x16xf32>
  "memref.copy"(%src, %x) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tmp, %x : memref<8x16xf32>, memref<8x16xf32>) outs(%out : memref<8x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  }
  return
}
