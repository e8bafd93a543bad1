// What rock-regularize refuses, with the op's location.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics -p rock-regularize | filecheck %s

#add_batch = #rock.transform_map<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]>

func.func @reduction(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<8xf32>) attributes {kernel} {
  %tmp = memref.alloc() : memref<8x16xf32>
  %c = rock.transform %tmp by #add_batch : memref<8x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  // CHECK: regularize-invalid.mlir:[[# @LINE + 1]]:3: error: Only fully parallel supported
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%tmp : memref<8x16xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  return
}
// CHECK-NOT: Traceback

// -----

func.func @two_outputs(%x: memref<8xf32>, %o1: memref<8xf32>, %o2: memref<8xf32>) attributes {kernel} {
  // CHECK: regularize-invalid.mlir:[[# @LINE + 1]]:3: error: rock-regularize supports linalg.generic with one output
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<8xf32>) outs(%o1, %o2 : memref<8xf32>, memref<8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @not_a_view(%x: memref<15xf32>, %o: memref<8x8xf32>) attributes {kernel} {
  // CHECK: regularize-invalid.mlir:[[# @LINE + 1]]:3: error: cannot express indexing map #0 as a view: indexing map result (d0 + d1) is neither a loop dimension nor 0 on a unit dimension
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<15xf32>) outs(%o : memref<8x8xf32>) {
  ^bb0(%a: f32, %c: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// The GEMM writes only a slice of %tmp: the add over all of %tmp cannot iterate over the GEMM.
func.func @gemm_writes_a_slice(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>, %out: memref<9x16xf32>) attributes {kernel} {
  %tmp = memref.alloc() : memref<9x16xf32>
  %c = rock.transform %tmp by <affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <Slice{0, 8, 0, 16} ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [9, 16]> : memref<9x16xf32> to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>
  // CHECK: regularize-invalid.mlir:[[# @LINE + 1]]:3: error: cannot move this op to GEMM coordinates: the writer's view is not a bijection: <Slice{0, 8, 0, 16}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tmp : memref<9x16xf32>) outs(%out : memref<9x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}
