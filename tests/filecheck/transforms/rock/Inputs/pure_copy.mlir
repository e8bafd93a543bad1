func.func @pure_copy(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<8x16xf32>) attributes {kernel} {
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by <affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]> : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  "memref.copy"(%tmp, %out) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  return
}
