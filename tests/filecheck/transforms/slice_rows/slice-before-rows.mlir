// xfuse-slice-before-rows: a slice of the result of a row-wise op chain moved above the chain, so
// the chain computes only the kept rows (ViT's final LayerNorm, read at the class token only).
// RUN: xfuse-opt %s -p xfuse-slice-before-rows | filecheck %s
// RUN: xfuse-opt %s -p xfuse-slice-before-rows | mlir-opt -o /dev/null
// The pass takes no option: one given is refused with the pipeline's diagnostic, no traceback.
// RUN: not xfuse-opt %s -p 'xfuse-slice-before-rows{rows=1}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:      xfuse-opt: error: invalid pass pipeline 'xfuse-slice-before-rows{rows=1}': xfuse-slice-before-rows option rows: Provided arguments ["rows"] not found in expected arguments []
// OPTION-NEXT:   xfuse-slice-before-rows{rows=1}
// OPTION-NOT:  Traceback

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#last = affine_map<(d0, d1, d2) -> (d2)>
#tok = affine_map<(d0, d1, d2) -> (d1)>

// torch-mlir's `x[:, 0]` (a Gather of the constant index 0) of a LayerNorm-like chain: the mean
// (a reduction keeping a unit dim, divided), its broadcast back through a collapse_shape, the
// centering and the scale all run on the one row; the input is sliced once for both readers.
// CHECK-LABEL: func.func @layer_norm_class_token(
// CHECK-NOT:     tensor.extract %
// CHECK:         %[[X:.*]] = tensor.extract_slice %x[0, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<1x4x8xf32> to tensor<1x1x8xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%zero : f32) outs(%{{.*}} : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// CHECK:         %sum = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<1x1x8xf32>) outs(%[[Z]] : tensor<1x1x1xf32>)
// CHECK:         %mean = linalg.generic {{.*}} ins(%sum : tensor<1x1x1xf32>) outs(%{{.*}} : tensor<1x1x1xf32>)
// CHECK:         %m2 = tensor.collapse_shape %mean {{\[\[}}0 : i64], [1 : i64, 2 : i64]] : tensor<1x1x1xf32> into tensor<1x1xf32>
// CHECK:         %centered = linalg.generic {{.*}} ins(%[[X]], %m2 : tensor<1x1x8xf32>, tensor<1x1xf32>) outs(%{{.*}} : tensor<1x1x8xf32>)
// CHECK:         %scaled = linalg.generic {{.*}} ins(%centered, %g : tensor<1x1x8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<1x1x8xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.mulf
// CHECK:         func.return %scaled : tensor<1x1x8xf32>
func.func @layer_norm_class_token(%x: tensor<1x4x8xf32>, %g: tensor<8xf32>) -> tensor<1x1x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %n = arith.constant 8.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %index = arith.constant dense<0> : tensor<1xi64>
  %e = tensor.empty() : tensor<1x4x8xf32>
  %e1 = tensor.empty() : tensor<1x4x1xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #keep], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<1x4x8xf32>) outs(%z1 : tensor<1x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x1xf32>
  %mean = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sum : tensor<1x4x1xf32>) outs(%e1 : tensor<1x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x1xf32>
  %m2 = tensor.collapse_shape %mean [[0], [1, 2]] : tensor<1x4x1xf32> into tensor<1x4xf32>
  %centered = linalg.generic {indexing_maps = [#id3, #rows3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m2 : tensor<1x4x8xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id3, #last, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%centered, %g : tensor<1x4x8xf32>, tensor<8xf32>) outs(%e : tensor<1x4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x8xf32>
  %eo = tensor.empty() : tensor<1x1x8xf32>
  %first = linalg.generic {indexing_maps = [#tok, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%index : tensor<1xi64>) outs(%eo : tensor<1x1x8xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 2 : index
    %2 = tensor.extract %scaled[%c0, %0, %1] : tensor<1x4x8xf32>
    linalg.yield %2 : f32
  } -> tensor<1x1x8xf32>
  return %first : tensor<1x1x8xf32>
}

// A matmul is row-wise in its rows: rows 3..4 of matmul + bias are those rows of A times B.
// CHECK-LABEL: func.func @matmul_rows(
// CHECK:         %[[A:.*]] = tensor.extract_slice %a[3, 0] [2, 5] [1, 1] : tensor<6x5xf32> to tensor<2x5xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%zero : f32) outs(%{{.*}} : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK:         %p = linalg.matmul ins(%[[A]], %b : tensor<2x5xf32>, tensor<5x8xf32>) outs(%[[Z]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK:         %r = linalg.generic {{.*}} ins(%p, %bias : tensor<2x8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK-NOT:     tensor<6x8xf32>
// CHECK:         func.return %r : tensor<2x8xf32>
func.func @matmul_rows(%a: tensor<6x5xf32>, %b: tensor<5x8xf32>, %bias: tensor<8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x8xf32>) outs(%z : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %bias : tensor<6x8xf32>, tensor<8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.addf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<6x8xf32>
  %s = tensor.extract_slice %r[3, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// The matmul's product is returned too: it is computed whole, and only the bias add after it,
// which nothing else reads, moves below the slice.
// CHECK-LABEL: func.func @intermediate_read_elsewhere(
// CHECK:         %p = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x8xf32>) outs(%z : tensor<6x8xf32>) -> tensor<6x8xf32>
// CHECK:         %[[P:.*]] = tensor.extract_slice %p[3, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK:         %r = linalg.generic {{.*}} ins(%[[P]], %bias : tensor<2x8xf32>, tensor<8xf32>)
// CHECK:         func.return %r, %p : tensor<2x8xf32>, tensor<6x8xf32>
func.func @intermediate_read_elsewhere(%a: tensor<6x5xf32>, %b: tensor<5x8xf32>, %bias: tensor<8xf32>) -> (tensor<2x8xf32>, tensor<6x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x8xf32>) outs(%z : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %bias : tensor<6x8xf32>, tensor<8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.addf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<6x8xf32>
  %s = tensor.extract_slice %r[3, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
  return %s, %p : tensor<2x8xf32>, tensor<6x8xf32>
}

// A slice of columns, the dim the sum reduces over: the square and the sum need whole rows and
// stay; only the division after them, on the kept columns, moves.
// CHECK-LABEL: func.func @slice_along_reduced_dim(
// CHECK:         %sq = linalg.generic {{.*}} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
// CHECK:         %sum = linalg.generic {{.*}} ins(%sq : tensor<4x8xf32>) outs(%z1 : tensor<4xf32>)
// CHECK:         %[[X:.*]] = tensor.extract_slice %x[0, 2] [4, 3] [1, 1] : tensor<4x8xf32> to tensor<4x3xf32>
// CHECK:         %norm = linalg.generic {{.*}} ins(%[[X]], %sum : tensor<4x3xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK:         func.return %norm : tensor<4x3xf32>
func.func @slice_along_reduced_dim(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<4x8xf32>) outs(%z1 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %norm = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %s = tensor.extract_slice %norm[0, 2] [4, 3] [1, 1] : tensor<4x8xf32> to tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// A body that reads its row index would read other indices on a slice: left as it is.
// CHECK-LABEL: func.func @reads_its_index(
// CHECK:         %r = linalg.generic {{.*}} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
// CHECK:         %s = tensor.extract_slice %r[2, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
func.func @reads_its_index(%x: tensor<4x8xf32>) -> tensor<1x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    %0 = arith.addf %in, %f : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %s = tensor.extract_slice %r[2, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
  return %s : tensor<1x8xf32>
}

// A transpose takes its operand's slice through its permutation: result dim 0 is input dim 2.
// CHECK-LABEL: func.func @transpose_rows(
// CHECK:         %[[X:.*]] = tensor.extract_slice %x[0, 0, 1] [2, 3, 2] [1, 1, 1] : tensor<2x3x4xf32> to tensor<2x3x2xf32>
// CHECK:         %t = linalg.transpose ins(%[[X]] : tensor<2x3x2xf32>) outs(%{{.*}} : tensor<2x2x3xf32>) permutation = [2, 0, 1]
// CHECK-NEXT:    func.return %t : tensor<2x2x3xf32>
func.func @transpose_rows(%x: tensor<2x3x4xf32>) -> tensor<2x2x3xf32> {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %s = tensor.extract_slice %t[1, 0, 0] [2, 2, 3] [1, 1, 1] : tensor<4x2x3xf32> to tensor<2x2x3xf32>
  return %s : tensor<2x2x3xf32>
}
