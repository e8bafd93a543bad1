// xfuse-batch-matmul-to-matmul: batch_matmuls that are matrix products become linalg.matmul.
// RUN: xfuse-opt %s -p xfuse-batch-matmul-to-matmul | filecheck %s
// RUN: xfuse-opt %s -p xfuse-batch-matmul-to-matmul | mlir-opt -o /dev/null

// torch-mlir's MatMul by a weight: batch 1, the weight copied over the batch. The copy is gone,
// the matmul reads the 2-D weight, the zero init is a 2-D fill of its own.
// CHECK-LABEL: func.func @projection(
// CHECK-SAME:      %x: tensor<1x8x16xf32>, %w: tensor<16x32xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[A:.*]] = tensor.collapse_shape %x {{\[}}[0 : i64, 1 : i64], [2 : i64]] : tensor<1x8x16xf32> into tensor<8x16xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x32xf32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%[[F]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[M]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [1, 8, 32] : tensor<8x32xf32> into tensor<1x8x32xf32>
// CHECK:         func.return %[[R]]
func.func @projection(%x: tensor<1x8x16xf32>, %w: tensor<16x32xf32>) -> tensor<1x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x32xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<16x32xf32>) outs(%e : tensor<1x16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x16x32xf32>
  %ce = tensor.empty() : tensor<1x8x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %r = linalg.batch_matmul ins(%x, %copy : tensor<1x8x16xf32>, tensor<1x16x32xf32>) outs(%c : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  return %r : tensor<1x8x32xf32>
}

// A broadcast weight with batch 3: the batch and rows collapse into 24 rows of one matmul; an
// init that is not a fill is collapsed.
// CHECK-LABEL: func.func @shared_weight(
// CHECK:         %[[A:.*]] = tensor.collapse_shape %x {{.*}} into tensor<24x16xf32>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %init {{.*}} into tensor<24x32xf32>
// CHECK:         linalg.matmul ins(%[[A]], %w : tensor<24x16xf32>, tensor<16x32xf32>) outs(%[[C]] : tensor<24x32xf32>)
// CHECK:         tensor.expand_shape {{.*}} output_shape [3, 8, 32] : tensor<24x32xf32> into tensor<3x8x32xf32>
func.func @shared_weight(%x: tensor<3x8x16xf32>, %w: tensor<16x32xf32>, %init: tensor<3x8x32xf32>) -> tensor<3x8x32xf32> {
  %e = tensor.empty() : tensor<3x16x32xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<16x32xf32>) outs(%e : tensor<3x16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x16x32xf32>
  %r = linalg.batch_matmul ins(%x, %copy : tensor<3x8x16xf32>, tensor<3x16x32xf32>) outs(%init : tensor<3x8x32xf32>) -> tensor<3x8x32xf32>
  return %r : tensor<3x8x32xf32>
}

// Attention heads: batch 2, no broadcast: one matmul per batch on rank-reduced slices. Each
// head fills and accumulates in its own slice of the result (extracted from the result so far,
// inserted back at the same place), which bufferizes in place: a 2-D empty of its own was a
// buffer copied into the result (ViT: a 197 x 192 `memref.copy` per head, on one thread).
// CHECK-LABEL: func.func @heads(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x8x4xf32>
// CHECK:         %[[A0:.*]] = tensor.extract_slice %q[0, 0, 0] [1, 8, 16] [1, 1, 1] : tensor<2x8x16xf32> to tensor<8x16xf32>
// CHECK:         %[[B0:.*]] = tensor.extract_slice %k[0, 0, 0] [1, 16, 4] [1, 1, 1] : tensor<2x16x4xf32> to tensor<16x4xf32>
// CHECK:         %[[C0:.*]] = tensor.extract_slice %[[E]][0, 0, 0] [1, 8, 4] [1, 1, 1] : tensor<2x8x4xf32> to tensor<8x4xf32>
// CHECK:         %[[F0:.*]] = linalg.fill ins(%zero : f32) outs(%[[C0]] : tensor<8x4xf32>)
// CHECK:         %[[M0:.*]] = linalg.matmul ins(%[[A0]], %[[B0]] : tensor<8x16xf32>, tensor<16x4xf32>) outs(%[[F0]] : tensor<8x4xf32>)
// CHECK:         %[[I0:.*]] = tensor.insert_slice %[[M0]] into %[[E]][0, 0, 0] [1, 8, 4] [1, 1, 1] : tensor<8x4xf32> into tensor<2x8x4xf32>
// CHECK:         tensor.extract_slice %q[1, 0, 0]
// CHECK:         %[[C1:.*]] = tensor.extract_slice %[[I0]][1, 0, 0] [1, 8, 4] [1, 1, 1]
// CHECK:         %[[F1:.*]] = linalg.fill ins(%zero : f32) outs(%[[C1]] : tensor<8x4xf32>)
// CHECK:         %[[M1:.*]] = linalg.matmul ins({{.*}}) outs(%[[F1]] : tensor<8x4xf32>)
// CHECK:         %[[I1:.*]] = tensor.insert_slice %[[M1]] into %[[I0]][1, 0, 0] [1, 8, 4] [1, 1, 1]
// CHECK:         func.return %[[I1]]
// CHECK-NOT:     linalg.batch_matmul
// CHECK-NOT:     tensor.empty() : tensor<8x4xf32>
func.func @heads(%q: tensor<2x8x16xf32>, %k: tensor<2x16x4xf32>) -> tensor<2x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<2x8x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %r = linalg.batch_matmul ins(%q, %k : tensor<2x8x16xf32>, tensor<2x16x4xf32>) outs(%c : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %r : tensor<2x8x4xf32>
}

// A batch above 16 (Swin's windows x heads): an scf.forall over the batch, one matmul per
// iteration on the slices at the batch index; a zero init becomes a 2-D fill, inside the loop,
// of the shared output's slice, another init is the shared output whose slice the matmul
// accumulates into.
// CHECK-LABEL: func.func @windows(
// CHECK:         %[[R0:.*]] = scf.forall (%[[I:.*]]) in (17) shared_outs(%[[O:.*]] = %c) -> (tensor<17x2x2xf32>) {
// CHECK:           %[[A0:.*]] = tensor.extract_slice %a[%[[I]], 0, 0] [1, 2, 3] [1, 1, 1] : tensor<17x2x3xf32> to tensor<2x3xf32>
// CHECK:           %[[B0:.*]] = tensor.extract_slice %b[%[[I]], 0, 0] [1, 3, 2] [1, 1, 1] : tensor<17x3x2xf32> to tensor<3x2xf32>
// CHECK:           %[[C0:.*]] = tensor.extract_slice %[[O]][%[[I]], 0, 0] [1, 2, 2] [1, 1, 1] : tensor<17x2x2xf32> to tensor<2x2xf32>
// CHECK:           %[[M0:.*]] = linalg.matmul ins(%[[A0]], %[[B0]] : tensor<2x3xf32>, tensor<3x2xf32>) outs(%[[C0]] : tensor<2x2xf32>)
// CHECK:           tensor.parallel_insert_slice %[[M0]] into %[[O]][%[[I]], 0, 0] [1, 2, 2] [1, 1, 1]
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<17x2x2xf32>
// CHECK:         %[[R1:.*]] = scf.forall (%[[J:.*]]) in (17) shared_outs(%[[P:.*]] = %[[E]])
// CHECK:           %[[T:.*]] = tensor.extract_slice %[[P]][%[[J]], 0, 0] [1, 2, 2] [1, 1, 1] : tensor<17x2x2xf32> to tensor<2x2xf32>
// CHECK:           %[[F:.*]] = linalg.fill ins(%zero : f32) outs(%[[T]] : tensor<2x2xf32>)
// CHECK:           %[[M1:.*]] = linalg.matmul ins({{.*}}) outs(%[[F]] : tensor<2x2xf32>)
// CHECK:           tensor.parallel_insert_slice %[[M1]] into %[[P]][%[[J]], 0, 0] [1, 2, 2] [1, 1, 1]
// CHECK:         func.return %[[R0]], %[[R1]]
// CHECK-NOT:     linalg.batch_matmul
// CHECK-NOT:     linalg.fill ins(%zero : f32) outs({{.*}} : tensor<17x2x2xf32>)
func.func @windows(%a: tensor<17x2x3xf32>, %b: tensor<17x3x2xf32>, %c: tensor<17x2x2xf32>) -> (tensor<17x2x2xf32>, tensor<17x2x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<17x2x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%ce : tensor<17x2x2xf32>) -> tensor<17x2x2xf32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<17x2x3xf32>, tensor<17x3x2xf32>) outs(%c : tensor<17x2x2xf32>) -> tensor<17x2x2xf32>
  %1 = linalg.batch_matmul ins(%a, %b : tensor<17x2x3xf32>, tensor<17x3x2xf32>) outs(%z : tensor<17x2x2xf32>) -> tensor<17x2x2xf32>
  return %0, %1 : tensor<17x2x2xf32>, tensor<17x2x2xf32>
}

// Per-batch products whose N no vector width divides (a 7x7 window's 49 scores a row): the
// first 48 columns are a matmul the schedule register-tiles, the last one a narrow matmul, both
// into the batch's accumulator (its slice of the init, or fills of their slices of the batch's
// slice of the result, so that bufferization writes them in place: a fill of its own was copied
// by memrefCopy, and a 2-D empty per batch was a buffer copied into the shared output).
// CHECK-LABEL: func.func @ragged_columns(
// CHECK:         scf.forall (%[[I:.*]]) in (17) shared_outs(%[[O:.*]] = %c)
// CHECK:           %[[A:.*]] = tensor.extract_slice %a[%[[I]], 0, 0] [1, 49, 3] [1, 1, 1] : tensor<17x49x3xf32> to tensor<49x3xf32>
// CHECK:           %[[B:.*]] = tensor.extract_slice %b[%[[I]], 0, 0] [1, 3, 49] [1, 1, 1] : tensor<17x3x49xf32> to tensor<3x49xf32>
// CHECK:           %[[C:.*]] = tensor.extract_slice %[[O]][%[[I]], 0, 0] [1, 49, 49] [1, 1, 1] : tensor<17x49x49xf32> to tensor<49x49xf32>
// CHECK:           %[[CH:.*]] = tensor.extract_slice %[[C]][0, 0] [49, 48] [1, 1]
// CHECK:           %[[BH:.*]] = tensor.extract_slice %[[B]][0, 0] [3, 48] [1, 1]
// CHECK:           %[[MH:.*]] = linalg.matmul ins(%[[A]], %[[BH]] : tensor<49x3xf32>, tensor<3x48xf32>) outs(%[[CH]] : tensor<49x48xf32>)
// CHECK:           %[[IH:.*]] = tensor.insert_slice %[[MH]] into %[[C]][0, 0] [49, 48] [1, 1]
// CHECK:           %[[CT:.*]] = tensor.extract_slice %[[C]][0, 48] [49, 1] [1, 1]
// CHECK:           %[[BT:.*]] = tensor.extract_slice %[[B]][0, 48] [3, 1] [1, 1]
// CHECK:           %[[MT:.*]] = linalg.matmul ins(%[[A]], %[[BT]] : tensor<49x3xf32>, tensor<3x1xf32>) outs(%[[CT]] : tensor<49x1xf32>)
// CHECK:           %[[IT:.*]] = tensor.insert_slice %[[MT]] into %[[IH]][0, 48] [49, 1] [1, 1]
// CHECK:           tensor.parallel_insert_slice %[[IT]] into %[[O]][%[[I]], 0, 0] [1, 49, 49]
// CHECK:         scf.forall (%[[J:.*]]) in (17) shared_outs(%[[P:.*]] = %{{.*}})
// CHECK:           %[[W:.*]] = tensor.extract_slice %[[P]][%[[J]], 0, 0] [1, 49, 49] [1, 1, 1] : tensor<17x49x49xf32> to tensor<49x49xf32>
// CHECK:           %[[WH:.*]] = tensor.extract_slice %[[W]][0, 0] [49, 48] [1, 1]
// CHECK:           %[[FH:.*]] = linalg.fill ins(%zero : f32) outs(%[[WH]] : tensor<49x48xf32>)
// CHECK:           %[[PH:.*]] = linalg.matmul ins({{.*}} : tensor<49x3xf32>, tensor<3x48xf32>) outs(%[[FH]] : tensor<49x48xf32>)
// CHECK:           %[[JH:.*]] = tensor.insert_slice %[[PH]] into %[[W]][0, 0] [49, 48]
// CHECK:           %[[WT:.*]] = tensor.extract_slice %[[JH]][0, 48] [49, 1] [1, 1]
// CHECK:           %[[FT:.*]] = linalg.fill ins(%zero : f32) outs(%[[WT]] : tensor<49x1xf32>)
// CHECK:           linalg.matmul ins({{.*}} : tensor<49x3xf32>, tensor<3x1xf32>) outs(%[[FT]] : tensor<49x1xf32>)
func.func @ragged_columns(%a: tensor<17x49x3xf32>, %b: tensor<17x3x49xf32>, %c: tensor<17x49x49xf32>) -> (tensor<17x49x49xf32>, tensor<17x49x49xf32>) {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<17x49x49xf32>
  %z = linalg.fill ins(%zero : f32) outs(%ce : tensor<17x49x49xf32>) -> tensor<17x49x49xf32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<17x49x3xf32>, tensor<17x3x49xf32>) outs(%c : tensor<17x49x49xf32>) -> tensor<17x49x49xf32>
  %1 = linalg.batch_matmul ins(%a, %b : tensor<17x49x3xf32>, tensor<17x3x49xf32>) outs(%z : tensor<17x49x49xf32>) -> tensor<17x49x49xf32>
  return %0, %1 : tensor<17x49x49xf32>, tensor<17x49x49xf32>
}

// Unrolled heads whose N leaves four or more columns after the last 16 (ViT's 197 tokens: 192 +
// 4 + 1; here 21 = 16 + 4 + 1): the multiple of 4 is a block of its own, which a 4-lane register
// tile takes, and only the last column is the narrow matmul:
// CHECK-LABEL: func.func @three_column_blocks(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<20x8xf32>, tensor<8x16xf32>) outs(%{{.*}} : tensor<20x16xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 0] [20, 16] [1, 1]
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<20x8xf32>, tensor<8x4xf32>) outs(%{{.*}} : tensor<20x4xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 16] [20, 4] [1, 1]
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<20x8xf32>, tensor<8x1xf32>) outs(%{{.*}} : tensor<20x1xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 20] [20, 1] [1, 1]
// CHECK-COUNT-3: linalg.matmul
// CHECK-NOT:     linalg.batch_matmul
func.func @three_column_blocks(%a: tensor<2x20x8xf32>, %b: tensor<2x8x21xf32>) -> tensor<2x20x21xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x20x21xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x20x21xf32>) -> tensor<2x20x21xf32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x20x8xf32>, tensor<2x8x21xf32>) outs(%z : tensor<2x20x21xf32>) -> tensor<2x20x21xf32>
  return %0 : tensor<2x20x21xf32>
}

// Negative cases, unchanged: transposed operands spelled in indexing_maps, dynamic shapes, and a
// copy that is not a pure broadcast (it scales the weight: batch 1 still becomes a matmul,
// reading the scaled copy collapsed).
// CHECK-LABEL: func.func @left_alone(
// CHECK:         linalg.batch_matmul indexing_maps
// CHECK:         linalg.batch_matmul ins(%d, %d2 : tensor<?x2x3xf32>, tensor<?x3x2xf32>)
func.func @left_alone(%t: tensor<4x2x3xf32>, %u: tensor<4x2x3xf32>, %v: tensor<4x3x3xf32>,
                      %d: tensor<?x2x3xf32>, %d2: tensor<?x3x2xf32>, %dc: tensor<?x2x2xf32>)
    -> (tensor<4x3x3xf32>, tensor<?x2x2xf32>) {
  %1 = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%t, %u : tensor<4x2x3xf32>, tensor<4x2x3xf32>) outs(%v : tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  %2 = linalg.batch_matmul ins(%d, %d2 : tensor<?x2x3xf32>, tensor<?x3x2xf32>) outs(%dc : tensor<?x2x2xf32>) -> tensor<?x2x2xf32>
  return %1, %2 : tensor<4x3x3xf32>, tensor<?x2x2xf32>
}

// CHECK-LABEL: func.func @scaled_copy(
// CHECK:         %[[S:.*]] = linalg.generic
// CHECK:           arith.mulf
// CHECK:         %[[B:.*]] = tensor.collapse_shape %[[S]] {{.*}} into tensor<16x32xf32>
// CHECK:         linalg.matmul ins(%{{.*}}, %[[B]] : tensor<8x16xf32>, tensor<16x32xf32>)
func.func @scaled_copy(%x: tensor<1x8x16xf32>, %w: tensor<16x32xf32>, %init: tensor<1x8x32xf32>) -> tensor<1x8x32xf32> {
  %e = tensor.empty() : tensor<1x16x32xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<16x32xf32>) outs(%e : tensor<1x16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x16x32xf32>
  %r = linalg.batch_matmul ins(%x, %copy : tensor<1x8x16xf32>, tensor<1x16x32xf32>) outs(%init : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  return %r : tensor<1x8x32xf32>
}

// torch-mlir's MatMul of a 4-D activation by a weight (a Linear layer over NHWC activations):
// the weight is copied over two leading dims, then the copy is collapsed to a batch of 1*20. All
// 20 batches multiply by the same matrix: one matmul of 20*6 rows by the weight itself, and both
// the collapse and the copy are gone.
// CHECK-LABEL: func.func @linear_over_nhwc(
// CHECK-SAME:      %x: tensor<1x20x6x16xf32>, %w: tensor<16x32xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[X:.*]] = tensor.collapse_shape %x {{.*}} into tensor<20x6x16xf32>
// CHECK:         %[[A:.*]] = tensor.collapse_shape %[[X]] {{.*}} into tensor<120x16xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %w : tensor<120x16xf32>, tensor<16x32xf32>)
// CHECK:         tensor.expand_shape %[[M]] {{.*}} output_shape [20, 6, 32] : tensor<120x32xf32> into tensor<20x6x32xf32>
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     linalg.batch_matmul
func.func @linear_over_nhwc(%x: tensor<1x20x6x16xf32>, %w: tensor<16x32xf32>) -> tensor<1x20x6x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x20x16x32xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<16x32xf32>) outs(%e : tensor<1x20x16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x20x16x32xf32>
  %xc = tensor.collapse_shape %x [[0, 1], [2], [3]] : tensor<1x20x6x16xf32> into tensor<20x6x16xf32>
  %wc = tensor.collapse_shape %copy [[0, 1], [2], [3]] : tensor<1x20x16x32xf32> into tensor<20x16x32xf32>
  %ce = tensor.empty() : tensor<20x6x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<20x6x32xf32>) -> tensor<20x6x32xf32>
  %r = linalg.batch_matmul ins(%xc, %wc : tensor<20x6x16xf32>, tensor<20x16x32xf32>) outs(%c : tensor<20x6x32xf32>) -> tensor<20x6x32xf32>
  %re = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [1, 20, 6, 32] : tensor<20x6x32xf32> into tensor<1x20x6x32xf32>
  return %re : tensor<1x20x6x32xf32>
}

// Negative: the copy over two leading dims is collapsed into its rows, not into the batch (each
// batch then reads a different slice of the copy): not a broadcast, so the copy stays and the
// batch of 20 is a loop of matmuls on its slices.
// CHECK-LABEL: func.func @collapse_into_rows(
// CHECK:         %[[COPY:.*]] = linalg.generic
// CHECK:         %[[WC:.*]] = tensor.collapse_shape %[[COPY]]
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice %[[WC]]
// CHECK:           linalg.matmul
func.func @collapse_into_rows(%x: tensor<20x6x32xf32>, %w: tensor<16x32xf32>) -> tensor<20x6x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x2x16x32xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<16x32xf32>) outs(%e : tensor<20x2x16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<20x2x16x32xf32>
  %wc = tensor.collapse_shape %copy [[0], [1, 2], [3]] : tensor<20x2x16x32xf32> into tensor<20x32x32xf32>
  %ce = tensor.empty() : tensor<20x6x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<20x6x32xf32>) -> tensor<20x6x32xf32>
  %r = linalg.batch_matmul ins(%x, %wc : tensor<20x6x32xf32>, tensor<20x32x32xf32>) outs(%c : tensor<20x6x32xf32>) -> tensor<20x6x32xf32>
  return %r : tensor<20x6x32xf32>
}

// An integer product (i8 x i8 -> i32, as a quantized attention's): the batch slices keep their
// operands' i8 type and each matmul extends them in its body, unrolled (batch 2) or in a loop
// (batch 17). Both had sliced the inputs as i32, which mlir-opt rejected.
// CHECK-LABEL: func.func @integer_heads(
// CHECK:         %[[A:.*]] = tensor.extract_slice %a[0, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<2x4x8xi8> to tensor<4x8xi8>
// CHECK:         %[[B:.*]] = tensor.extract_slice %b[0, 0, 0] [1, 8, 16] [1, 1, 1] : tensor<2x8x16xi8> to tensor<8x16xi8>
// CHECK:         linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xi8>, tensor<8x16xi8>) outs(%{{.*}} : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NOT:     linalg.batch_matmul
// CHECK-LABEL: func.func @integer_windows(
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice %a[%{{.*}}, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<17x4x8xi8> to tensor<4x8xi8>
// CHECK:           linalg.matmul ins({{.*}} : tensor<4x8xi8>, tensor<8x16xi8>) outs(%{{.*}} : tensor<4x16xi32>) -> tensor<4x16xi32>
func.func @integer_heads(%a: tensor<2x4x8xi8>, %b: tensor<2x8x16xi8>) -> tensor<2x4x16xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x4x16xi32>
  %z = linalg.fill ins(%zero : i32) outs(%e : tensor<2x4x16xi32>) -> tensor<2x4x16xi32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xi8>, tensor<2x8x16xi8>) outs(%z : tensor<2x4x16xi32>) -> tensor<2x4x16xi32>
  return %r : tensor<2x4x16xi32>
}

func.func @integer_windows(%a: tensor<17x4x8xi8>, %b: tensor<17x8x16xi8>, %c: tensor<17x4x16xi32>) -> tensor<17x4x16xi32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<17x4x8xi8>, tensor<17x8x16xi8>) outs(%c : tensor<17x4x16xi32>) -> tensor<17x4x16xi32>
  return %r : tensor<17x4x16xi32>
}
