// A temporary the GEMM writes that fusion cannot remove (read by a memref.load) is refused.
// RUN: not xfuse-opt %s -p rock-regularize,rock-gemm-to-threadwise,rock-linalg-align 2>&1 | filecheck %s

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
