// Verifier errors of rock attributes and ops, each with the file:line:col of the offending text.
// RUN: xfuse-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @merge_two_inputs(%x: memref<3x4xf32>) {
  %v = rock.transform %x by <affine_map<(d0, d1) -> (d1, d0)> by [<Merge{4} ["a", "b"] at [0, 1] -> ["b"] at [1]>] bounds = [4, 3] -> [3, 4]> : memref<3x4xf32> to memref<4x3xf32>
  return
}
// CHECK: ops-invalid.mlir:5:68: Merge and unfold can only have one input dimension

// -----

func.func @passthrough_params(%x: memref<4xf32>) {
  %v = rock.transform %x by <affine_map<(d0) -> (d0)> by [#rock.transform<PassThrough{1} ["a"] at [0] -> ["a"] at [0]>] bounds = [4] -> [4]> : memref<4xf32> to memref<4xf32>
  return
}
// CHECK: ops-invalid.mlir:13:{{[0-9]+}}: PassThrough has no parameters

// -----

func.func @constdim_value(%x: memref<2xf32>) {
  %v = rock.transform %x by <affine_map<() -> (3)> by [<ConstDim{3, 2} [] at [] -> ["x"] at [0]>] bounds = [] -> [2]> : memref<2xf32> to memref<f32>
  return
}
// CHECK: ops-invalid.mlir:21:{{[0-9]+}}: For constant dimension 0 constant value 3 must be less than dimension length 2

// -----

// The affine map is checked against the transformations by evaluating both, not by spelling.
func.func @map_disagrees(%x: memref<3x4xf32>) {
  %v = rock.transform %x by <affine_map<(d0, d1) -> (d0, d1)> by [<PassThrough ["a", "b"] at [0, 1] -> ["b", "a"] at [1, 0]>] bounds = [4, 3] -> [3, 4]> : memref<3x4xf32> to memref<4x3xf32>
  return
}
// CHECK: ops-invalid.mlir:30:30: the affine map (d0, d1) -> (d0, d1) disagrees with the transformations at [0, 1]: it gives [0, 1], the transformations give [1, 0]

// -----

func.func @lower_dim_uncovered(%x: memref<3x4xf32>) {
  %v = rock.transform %x by <affine_map<(d0) -> (d0, 0)> by [<PassThrough ["a"] at [0] -> ["a"] at [0]>] bounds = [3] -> [3, 4]> : memref<3x4xf32> to memref<3xf32>
  return
}
// CHECK: ops-invalid.mlir:38:{{[0-9]+}}: lower dimension [1] is not covered by any transformation

// -----

func.func @unmerge_sizes(%x: memref<32xf32>) {
  %v = rock.transform %x by <affine_map<(d0, d1) -> (d0 * 8 + d1)> by [<Unmerge{4, 8} ["a", "b"] at [0, 1] -> ["x"] at [0]>] bounds = [8, 4] -> [32]> : memref<32xf32> to memref<8x4xf32>
  return
}
// CHECK: ops-invalid.mlir:46:{{[0-9]+}}: Unmerge: parameters [4, 8] must be the upper sizes [8, 4], whose product is the lower size 32

// -----

func.func @pad_sizes(%x: memref<4xf32>) {
  %v = rock.transform %x by <affine_map<(d0) -> (d0 - 1)> by [<Pad{1, 1} ["p"] at [0] -> ["x"] at [0]>] bounds = [5] -> [4]> : memref<4xf32> to memref<5xf32>
  return
}
// CHECK: ops-invalid.mlir:54:{{[0-9]+}}: Pad: upper size 5 is not lower size 4 + 1 + 1

// -----

func.func @result_shape(%x: memref<3x4xf32>) {
  %v = rock.transform %x by <affine_map<(d0, d1) -> (d1, d0)> by [<PassThrough ["a", "b"] at [0, 1] -> ["b", "a"] at [1, 0]>] bounds = [4, 3] -> [3, 4]> : memref<3x4xf32> to memref<4x4xf32>
  return
}
// CHECK: ops-invalid.mlir:62:3: the result has shape [4, 4], the map's upper bounds are [4, 3]

// -----

func.func @gemm_k(%a: memref<1x8x4xf32>, %b: memref<1x9x5xf32>, %c: memref<1x4x5xf32>) {
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x4x5xf32> = memref<1x8x4xf32> * memref<1x9x5xf32>
  return
}
// CHECK: ops-invalid.mlir:70:3: K differs between A (8) and B (9)

// -----

func.func @gemm_c(%a: memref<1x8x4xf32>, %b: memref<1x8x5xf32>, %c: memref<1x5x4xf32>) {
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x5x4xf32> = memref<1x8x4xf32> * memref<1x8x5xf32>
  return
}
// CHECK: ops-invalid.mlir:78:3: C must be 1x4x5 for A [1, 8, 4] and B [1, 8, 5], got [1, 5, 4]

// -----

func.func @write_all_count(%r: memref<8xf32>, %out: memref<16xf32>) {
  rock.threadwise_write_all features = none %r -> [](%out) by set : memref<8xf32> -> memref<16xf32>
  return
}
// CHECK: ops-invalid.mlir:86:3: the views iterate over 16 elements, the source holds 8

// -----

func.func @write_all_views(%r: memref<8xf32>, %out: memref<16xf32>, %i: index) {
  rock.threadwise_write_all features = none %r -> [](%out) [%i] by set : memref<8xf32> -> memref<16xf32>
  return
}
// CHECK: ops-invalid.mlir:94:3: threadwise_write_all: the views take 1 coordinates, expected 1 extra indices and one iteration index

// -----

func.func @read_into_stack(%src: memref<16xf32>, %r: memref<8xf32>) {
  rock.threadwise_read_into [#rock.transform_map<affine_map<(d0, d1) -> (d0 * 8 + d1)> by [<Unmerge{2, 8} ["b", "i"] at [0, 1] -> ["x"] at [0]>] bounds = [2, 8] -> [16]>](%src) -> %r : memref<16xf32> -> memref<8xf32>
  return
}
// CHECK: ops-invalid.mlir:102:3: threadwise_read_into: the views take 2 coordinates, expected 0 extra indices and one iteration index

// -----

func.func @validity_length(%src: memref<16xf32>, %r: memref<16xf32>) {
  %v = rock.threadwise_read_into [](%src) -> %r : memref<16xf32> -> memref<16xf32>, vector<8xi1>
  return
}
// CHECK: ops-invalid.mlir:[[# @LINE - 3]]:3: validities must be vector<16xi1>, got vector<8xi1>
