func.func @input_side_push(%a0: memref<4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<8x16xf32>) attributes {kernel} {
  %ta = memref.alloc() : memref<1x4x8xf32>
  %tv = rock.transform %ta by <affine_map<(d0, d1) -> (0, d0, d1)> by [<ConstDim{0, 1} [] at [] -> ["g"] at [0]>, <PassThrough ["k", "m"] at [0, 1] -> ["k", "m"] at [1, 2]>] bounds = [4, 8] -> [1, 4, 8]> : memref<1x4x8xf32> to memref<4x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : memref<4x8xf32>) outs(%tv : memref<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by <affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]> : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %ta * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  "memref.copy"(%tmp, %out) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  return
}
