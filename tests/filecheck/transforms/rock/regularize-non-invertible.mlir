// A view with no inverse (a Slice hides part of the buffer) cannot be pulled onto the GEMM.
// RUN: not xfuse-opt %s -p rock-regularize 2>&1 | filecheck %s

#add_batch = #rock.transform_map<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]>

func.func @sliced(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<4x16xf32>) attributes {kernel} {
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by #add_batch : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  %s = rock.transform %tmp by <affine_map<(d0, d1) -> (d0, d1)> by [<Slice{0, 4} ["m"] at [0] -> ["m"] at [0]>, <PassThrough ["n"] at [1] -> ["n"] at [1]>] bounds = [4, 16] -> [8, 16]> : memref<8x16xf32> to memref<4x16xf32>
  // CHECK: regularize-non-invertible.mlir:[[# @LINE + 1]]:3: error: cannot pull this view onto the writer of its buffer: <Slice{0, 4} ["m"] at [0] -> ["m"] at [0]> cannot be inverted: it hides part of the buffer
  "memref.copy"(%s, %out) : (memref<4x16xf32>, memref<4x16xf32>) -> ()
  return
}
// CHECK-NOT: Traceback
