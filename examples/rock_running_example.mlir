// The running example of rocMLIR's "new fusion system" (seed 002): a GEMM whose result goes
// through a reshape, an add with a broadcast bias, a concat/transpose view and a copy to the
// output.  out[n, m] = C[m, n] + bias[n mod 8], with C[m, n] = sum_k A[0, k, m] * B[0, k, n],
// i.e. out = C.T + tile(bias, 8)[:, None].
//
//   xfuse-run examples/rock_running_example.mlir --check -p rock-regularize
//   xfuse-run examples/rock_running_example.mlir --check -p rock-pipeline
//
// (rock ops are lowered by rock-to-loops when the backend runs them, so --check compares every
// stage with the untransformed kernel.)
// add_batch: memref<32x64> -> memref<1x32x64>
#add_batch = #rock.transform_map<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 32, 64] -> [32, 64]>
// reshape: memref<32x64> -> memref<32x8x8>
#reshape = #rock.transform_map<affine_map<(d0, d1, d2) -> (d0, d1 * 8 + d2)> by [<PassThrough ["m"] at [0] -> ["m"] at [0]>, <Unmerge{8, 8} ["n0", "n1"] at [1, 2] -> ["n"] at [1]>] bounds = [32, 8, 8] -> [32, 64]>
// broadcast: memref<8> -> memref<32x8x8>
#broadcast = #rock.transform_map<affine_map<(d0, d1, d2) -> (d2)> by [<AddDim{32} ["m"] at [0] -> [] at []>, <AddDim{8} ["n0"] at [1] -> [] at []>, <PassThrough ["n1"] at [2] -> ["b"] at [0]>] bounds = [32, 8, 8] -> [8]>
// concat: memref<32x8x8> -> memref<32x64>
#concat = #rock.transform_map<affine_map<(d0, d1) -> (d0, d1 floordiv 8, d1 mod 8)> by [<PassThrough ["m"] at [0] -> ["m"] at [0]>, <Merge{8, 8} ["n"] at [1] -> ["n0", "n1"] at [1, 2]>] bounds = [32, 64] -> [32, 8, 8]>
// transpose: memref<32x64> -> memref<64x32>
#transpose = #rock.transform_map<affine_map<(d0, d1) -> (d1, d0)> by [<PassThrough ["n", "m"] at [0, 1] -> ["n", "m"] at [1, 0]>] bounds = [64, 32] -> [32, 64]>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func @running_example(%a: memref<1x4x32xf32>, %b: memref<1x4x64xf32>, %arg2: memref<8xf32>, %arg3: memref<64x32xf32>) attributes {kernel} {
  %tmp1 = memref.alloc() : memref<32x64xf32>
  %c = rock.transform %tmp1 by #add_batch : memref<32x64xf32> to memref<1x32x64xf32>
  rock.gridwise_gemm %c = %a * %b features = none {gridSize = 4 : i32, blockSize = 64 : i32} : memref<1x32x64xf32> = memref<1x4x32xf32> * memref<1x4x64xf32>
  %tmp1_split = rock.transform %tmp1 by #reshape : memref<32x64xf32> to memref<32x8x8xf32>
  %arg2_bcast = rock.transform %arg2 by #broadcast : memref<8xf32> to memref<32x8x8xf32>
  %tmp2 = rock.alloc() : memref<32x8x8xf32>
  linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tmp1_split, %arg2_bcast : memref<32x8x8xf32>, memref<32x8x8xf32>) outs(%tmp2 : memref<32x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %sum = arith.addf %x, %y : f32
    linalg.yield %sum : f32
  }
  %tmp2_concat = rock.transform %tmp2 by #concat : memref<32x8x8xf32> to memref<32x64xf32>
  %tmp2_tr = rock.transform %tmp2_concat by #transpose : memref<32x64xf32> to memref<64x32xf32>
  "memref.copy"(%tmp2_tr, %arg3) : (memref<64x32xf32>, memref<64x32xf32>) -> ()
  return
}
