func.func @custom_form_copy(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<16x8xf32>) attributes {kernel} {
  %tmp = memref.alloc() : memref<16x8xf32>
  %c = rock.transform %tmp by <affine_map<(d0, d1, d2) -> (d2, d1)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [1, 0]>] bounds = [1, 8, 16] -> [16, 8]> : memref<16x8xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  %doubled = memref.alloc() : memref<16x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tmp : memref<16x8xf32>) outs(%doubled : memref<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  memref.copy %doubled, %out : memref<16x8xf32> to memref<16x8xf32>
  return
}
