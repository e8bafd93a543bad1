// rock ops and attributes round trip through xfuse-opt (custom and generic form), in the
// spellings rocMLIR uses: prefix-less maps inside ops, #rock.transform<...> inside a map, aliases.
// Inputs adapted from rocMLIR's mlir/test/Dialect/Rock/ops.mlir and linalg-align tests.
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | xfuse-opt | filecheck %s

#map0 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d2, d3 - 1, d4 - 2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2, d1 floordiv 512, (d1 mod 512) floordiv 16, d1 mod 16)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d0, d2, d3 + d4, d5 + d6)>
#transform_map = #rock.transform_map<affine_map<(d0) -> (d0)> by [<Pad{0, 12} ["xPad"] at [0] -> ["x"] at [0]>] bounds = [16] -> [4]>

// CHECK-LABEL: func.func @rock_transform_1_to_1
// CHECK-NEXT: rock.transform %{{.*}} by <affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d2, (d3 + -1), (d4 + -2))> by [<PassThrough ["g"] at [0] -> ["g"] at [1]>, <PassThrough ["n"] at [1] -> ["n"] at [0]>, <PassThrough ["c"] at [2] -> ["c"] at [2]>, <Pad{1, 1} ["hipad"] at [3] -> ["hi"] at [3]>, <Pad{2, 2} ["wipad"] at [4] -> ["wi"] at [4]>] bounds = [2, 1, 3, 6, 9] -> [1, 2, 3, 4, 5]> : memref<1x2x3x4x5xf32> to memref<2x1x3x6x9xf32>
func.func @rock_transform_1_to_1(%memref: memref<1x2x3x4x5xf32>) {
  %transformed_memref = rock.transform %memref by
    <#map0 by [
      <PassThrough ["g"] at [0] -> ["g"] at [1]>,
      <PassThrough ["n"] at [1] -> ["n"] at [0]>,
      <PassThrough ["c"] at [2] -> ["c"] at [2]>,
      <Pad{1, 1} ["hipad"] at [3] -> ["hi"] at [3]>,
      <Pad{2, 2} ["wipad"] at [4] -> ["wi"] at [4]>
    ] bounds = [2, 1, 3, 6, 9] -> [1, 2, 3, 4, 5]>
  : memref<1x2x3x4x5xf32> to memref<2x1x3x6x9xf32>
  return
}

// CHECK-LABEL: func.func @rock_transform_n_to_1
// CHECK-NEXT: rock.transform %{{.*}} by <affine_map<{{.*}}> by [<PassThrough ["gemmG"] at [0] -> ["g"] at [0]>, <Merge{64, 32, 16} ["gemmK"] at [1] -> ["c", "y", "x"] at [2, 3, 4]>, <PassThrough ["gemmM"] at [2] -> ["k"] at [1]>] bounds = [1, 32768, 128] -> [1, 128, 64, 32, 16]>
func.func @rock_transform_n_to_1(%memref : memref<1x128x64x32x16xf32>) {
  %transformed_memref = rock.transform %memref by
    <#map1 by [
      #rock.transform<PassThrough ["gemmG"] at [0] -> ["g"] at [0]>,
      #rock.transform<Merge{64, 32, 16} ["gemmK"] at [1] -> ["c", "y", "x"] at [2, 3, 4]>,
      #rock.transform<PassThrough ["gemmM"] at [2] -> ["k"] at [1]>
    ] bounds = [1, 32768, 128] -> [1, 128, 64, 32, 16]>
  : memref<1x128x64x32x16xf32> to memref<1x32768x128xf32>
  return
}

// rocMLIR writes 0 bounds for sizes it does not know (dynamic memrefs).
// CHECK-LABEL: func.func @rock_transform_1_to_n
// CHECK-NEXT: rock.transform {{.*}}<Embed{1, 1} ["y", "ho"] at [3, 4] -> ["hipad"] at [3]>{{.*}} bounds = [0, 0, 0, 0, 0, 0, 0] -> [0, 0, 0, 0, 0]> : memref<?x?x?x?x?xf32> to memref<?x?x?x?x?x?x?xf32>
func.func @rock_transform_1_to_n(%memref : memref<?x?x?x?x?xf32>) {
  %transformed_memref = rock.transform %memref by
    <#map2 by [
      #rock.transform<PassThrough ["n", "g", "c"] at [0, 1, 2] -> ["n", "g", "c"] at [1, 0, 2]>,
      #rock.transform<Embed{1, 1} ["y", "ho"] at [3, 4] -> ["hipad"] at [3]>,
      #rock.transform<Embed{1, 1} ["x", "wo"] at [5, 6] -> ["wipad"] at [4]>
     ] bounds = [0, 0, 0, 0, 0, 0, 0] -> [0, 0, 0, 0, 0]>
  : memref<?x?x?x?x?xf32> to memref<?x?x?x?x?x?x?xf32>
  return
}

// CHECK-LABEL: func.func @kinds
// CHECK: <Slice{2, 6} ["s"] at [0] -> ["x"] at [0]>
// CHECK: <Unmerge{4, 8} ["a", "b"] at [0, 1] -> ["x"] at [0]>
// CHECK: <AddDim{5} ["new"] at [0] -> [] at []>, <PassThrough ["x"] at [1] -> ["x"] at [0]>
// CHECK: <Broadcast{1} ["b"] at [0] -> ["x"] at [0]>
// CHECK: <ConstDim{0, 1} [] at [] -> ["unit"] at [0]>, <PassThrough ["x"] at [0] -> ["x"] at [1]>
func.func @kinds(%x: memref<32xf32>, %one: memref<1xf32>, %row: memref<1x32xf32>) {
  %0 = rock.transform %x by <affine_map<(d0) -> (d0 + 2)> by [<Slice{2, 6} ["s"] at [0] -> ["x"] at [0]>] bounds = [4] -> [32]> : memref<32xf32> to memref<4xf32>
  %1 = rock.transform %x by <affine_map<(d0, d1) -> (d0 * 8 + d1)> by [<Unmerge{4, 8} ["a", "b"] at [0, 1] -> ["x"] at [0]>] bounds = [4, 8] -> [32]> : memref<32xf32> to memref<4x8xf32>
  %2 = rock.transform %x by <affine_map<(d0, d1) -> (d1)> by [<AddDim{5} ["new"] at [0] -> [] at []>, <PassThrough ["x"] at [1] -> ["x"] at [0]>] bounds = [5, 32] -> [32]> : memref<32xf32> to memref<5x32xf32>
  %3 = rock.transform %one by <affine_map<(d0) -> (0)> by [<Broadcast{1} ["b"] at [0] -> ["x"] at [0]>] bounds = [7] -> [1]> : memref<1xf32> to memref<7xf32>
  %4 = rock.transform %row by <affine_map<(d0) -> (0, d0)> by [<ConstDim{0, 1} [] at [] -> ["unit"] at [0]>, <PassThrough ["x"] at [0] -> ["x"] at [1]>] bounds = [32] -> [1, 32]> : memref<1x32xf32> to memref<32xf32>
  return
}

// CHECK-LABEL: func.func @rock_gridwise_gemm
// CHECK-NEXT: rock.gridwise_gemm %{{.*}} = %{{.*}} * %{{.*}} features = none {blockSize = 256 : i32, gridSize = 1 : i32, params = #rock.general_gemm_params<blockSize = 128, kPerBlock = 8, kPerThread = 1, kpack = 1, mPerBlock = 128, mPerThread = 4, nPerBlock = 128, nPerThread = 4>} : memref<2x128x256xf32> = memref<2x72x128xf32> * memref<2x72x256xf32>
func.func @rock_gridwise_gemm(%A : memref<2x72x128xf32>, %B : memref<2x72x256xf32>, %C : memref<2x128x256xf32>) {
  rock.gridwise_gemm %C = %A * %B features = none {
    blockSize = 256 : i32,
    gridSize = 1 : i32,
    params = #rock.general_gemm_params<
      blockSize = 128,
      kPerBlock = 8,
      kPerThread = 1,
      kpack = 1,
      mPerBlock = 128,
      mPerThread = 4,
      nPerBlock = 128,
      nPerThread = 4>
  } : memref<2x128x256xf32> = memref<2x72x128xf32> * memref<2x72x256xf32>
  return
}

// CHECK-LABEL: func.func @threadwise
// CHECK: %[[ALLOC:.*]] = rock.alloc() : memref<16xf16>
// CHECK-NEXT: %[[BID:.*]] = rock.workgroup_id : index
// CHECK-NEXT: %[[TID:.*]] = rock.workitem_id : index
// CHECK-NEXT: %[[V:.*]] = rock.transform %{{.*}} by <affine_map<(d0) -> (d0)> by [<Pad{0, 12} ["xPad"] at [0] -> ["x"] at [0]>] bounds = [16] -> [4]> : memref<4xf16> to memref<16xf16>
// CHECK-NEXT: rock.threadwise_read_into [](%[[V]]) -> %[[ALLOC]] : memref<16xf16> -> memref<16xf16>
// CHECK-NEXT: rock.threadwise_read_into {forceUnroll} [#rock.transform_map<affine_map<(d0) -> (d0)> by [<Pad{0, 12} ["xPad"] at [0] -> ["x"] at [0]>] bounds = [16] -> [4]>](%{{.*}}) -> %[[ALLOC]] : memref<4xf16> -> memref<16xf16>
// CHECK-NEXT: rock.threadwise_write_all features = none %[[ALLOC]] -> [](%{{.*}}) by set : memref<16xf16> -> memref<16xf16>
// CHECK-NEXT: %[[VALID:.*]] = rock.threadwise_read_into [](%[[V]]) -> %[[ALLOC]] : memref<16xf16> -> memref<16xf16>, vector<16xi1>
// CHECK-NEXT: rock.threadwise_read_into [](%[[V]]) -> %[[ALLOC]] if [%[[VALID]]] : memref<16xf16> -> memref<16xf16>
// CHECK: rock.threadwise_write_all features = mfma|dot|atomic_add {forceUnroll, useIndexDiffs} %{{.*}} -> [#rock.transform_map<{{.*}}Unmerge{2, 8}{{.*}}>](%{{.*}}) [%[[BID]]] by atomic_add : memref<8xf16> -> memref<16xf16>
func.func @threadwise(%arg0: memref<4xf16>, %arg1: memref<16xf16>) attributes {kernel} {
  %buf = rock.alloc() : memref<16xf16>
  %bid = rock.workgroup_id : index
  %tid = rock.workitem_id : index
  %1 = rock.transform %arg0 by #transform_map : memref<4xf16> to memref<16xf16>
  rock.threadwise_read_into [](%1) -> %buf : memref<16xf16> -> memref<16xf16>
  rock.threadwise_read_into {forceUnroll} [#transform_map](%arg0) -> %buf : memref<4xf16> -> memref<16xf16>
  rock.threadwise_write_all features = none %buf -> [](%arg1) by set : memref<16xf16> -> memref<16xf16>
  %valid = rock.threadwise_read_into [](%1) -> %buf : memref<16xf16> -> memref<16xf16>, vector<16xi1>
  rock.threadwise_read_into [](%1) -> %buf if [%valid] : memref<16xf16> -> memref<16xf16>
  %half = rock.alloc() : memref<8xf16>
  rock.threadwise_write_all features = mfma|dot|atomic_add {forceUnroll, useIndexDiffs} %half -> [#rock.transform_map<affine_map<(d0, d1) -> (d0 * 8 + d1)> by [<Unmerge{2, 8} ["bid", "iter"] at [0, 1] -> ["x"] at [0]>] bounds = [2, 8] -> [16]>](%arg1) [%bid] by atomic_add : memref<8xf16> -> memref<16xf16>
  return
}

// rocMLIR's older tests give the result a layout and a memory space; both are kept.
#layout = affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d2, d3 - 1, d4 - 2)>
// CHECK-LABEL: func.func @rock_transform_with_layout
// CHECK-NEXT: rock.transform %{{.*}} : memref<1x2x3x4x5xf32, 3 : i64> to memref<2x1x3x6x9xf32, affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d2, (d3 + -1), (d4 + -2))>, 3 : i64>
func.func @rock_transform_with_layout(%memref: memref<1x2x3x4x5xf32, 3>) {
  %transformed_memref = rock.transform %memref by
    <#layout by [
      <PassThrough ["g"] at [0] -> ["g"] at [1]>,
      <PassThrough ["n"] at [1] -> ["n"] at [0]>,
      <PassThrough ["c"] at [2] -> ["c"] at [2]>,
      <Pad{1, 1} ["hipad"] at [3] -> ["hi"] at [3]>,
      <Pad{2, 2} ["wipad"] at [4] -> ["wi"] at [4]>
    ] bounds = [2, 1, 3, 6, 9] -> [1, 2, 3, 4, 5]>
  : memref<1x2x3x4x5xf32, 3> to memref<2x1x3x6x9xf32, #layout, 3>
  return
}
