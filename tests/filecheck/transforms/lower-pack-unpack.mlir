// xfuse-lower-pack-unpack: pack -> [pad] + expand_shape + transpose; unpack -> empty +
// transpose + collapse_shape + extract_slice + copy (upstream lower_pack / lower_unpack).
// RUN: xfuse-opt %s --split-input-file -p xfuse-lower-pack-unpack | filecheck %s
// Dynamic pack tiles are refused with a located diagnostic, never rewritten wrongly.
// RUN: not xfuse-opt %S/Inputs/lower-pack-dynamic-tile.mlir -p xfuse-lower-pack-unpack 2>&1 | filecheck %s --check-prefix=REFUSE

// CHECK-LABEL: func.func @pack_pad_perm(
// CHECK-SAME:      %[[SRC:.*]]: tensor<13x15xf32>, %[[DEST:.*]]: tensor<4x2x8x4xf32>, %[[CST:.*]]: f32)
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %[[SRC]] low[0, 0] high[3, 1] {
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT:      tensor.yield %[[CST]] : f32
// CHECK-NEXT:    } : tensor<13x15xf32> to tensor<16x16xf32>
// CHECK-NEXT:    %[[EXP:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] output_shape [2, 8, 4, 4] : tensor<16x16xf32> into tensor<2x8x4x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[EXP]]:tensor<2x8x4x4xf32>) outs(%[[DEST]]:tensor<4x2x8x4xf32>) permutation = [2, 0, 1, 3]
// CHECK-NEXT:    func.return %[[T]] : tensor<4x2x8x4xf32>
func.func @pack_pad_perm(%src: tensor<13x15xf32>, %dest: tensor<4x2x8x4xf32>, %cst: f32) -> tensor<4x2x8x4xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dest : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}

// -----

// Full tiles: no pad. Untiled dims stay whole in the strip-mined shape.
// CHECK-LABEL: func.func @pack_no_pad_3d(
// CHECK-SAME:      %[[SRC:.*]]: tensor<4x16x6xi32>, %[[DEST:.*]]: tensor<6x2x4x8xi32>)
// CHECK-NOT:     tensor.pad
// CHECK-NEXT:    %[[EXP:.*]] = tensor.expand_shape %[[SRC]] {{\[}}[0 : i64], [1 : i64, 2 : i64], [3 : i64]] output_shape [4, 2, 8, 6] : tensor<4x16x6xi32> into tensor<4x2x8x6xi32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[EXP]]:tensor<4x2x8x6xi32>) outs(%[[DEST]]:tensor<6x2x4x8xi32>) permutation = [3, 1, 0, 2]
// CHECK-NEXT:    func.return %[[T]]
func.func @pack_no_pad_3d(%src: tensor<4x16x6xi32>, %dest: tensor<6x2x4x8xi32>) -> tensor<6x2x4x8xi32> {
  %0 = linalg.pack %src outer_dims_perm = [2, 1, 0] inner_dims_pos = [1] inner_tiles = [8] into %dest : tensor<4x16x6xi32> -> tensor<6x2x4x8xi32>
  return %0 : tensor<6x2x4x8xi32>
}

// -----

// Dynamic source dim: pad amount and outer size computed at runtime.
// CHECK-LABEL: func.func @pack_dynamic(
// CHECK-SAME:      %[[SRC:.*]]: tensor<?x15xf32>, %[[DEST:.*]]: tensor<?x2x8x4xf32>, %[[CST:.*]]: f32)
// CHECK:         %[[D0:.*]] = tensor.dim %[[SRC]], %{{.*}} : tensor<?x15xf32>
// CHECK:         %[[OUTER:.*]] = arith.ceildivsi %[[D0]], %{{.*}} : index
// CHECK:         %[[PADDED:.*]] = arith.muli %[[OUTER]], %{{.*}} : index
// CHECK:         %[[HIGH:.*]] = arith.subi %[[PADDED]], %[[D0]] : index
// CHECK:         %[[PAD:.*]] = tensor.pad %[[SRC]] low[0, 0] high[%[[HIGH]], 1]
// CHECK:         } : tensor<?x15xf32> to tensor<?x16xf32>
// CHECK-NEXT:    %[[EXP:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] output_shape [%[[OUTER]], 4, 2, 8] : tensor<?x16xf32> into tensor<?x4x2x8xf32>
// CHECK-NEXT:    linalg.transpose ins(%[[EXP]]:tensor<?x4x2x8xf32>) outs(%[[DEST]]:tensor<?x2x8x4xf32>) permutation = [0, 2, 3, 1]
func.func @pack_dynamic(%src: tensor<?x15xf32>, %dest: tensor<?x2x8x4xf32>, %cst: f32) -> tensor<?x2x8x4xf32> {
  %0 = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %dest : tensor<?x15xf32> -> tensor<?x2x8x4xf32>
  return %0 : tensor<?x2x8x4xf32>
}

// -----

// The dest is less static than the source implies: transpose through tensor.cast.
// CHECK-LABEL: func.func @pack_cast_dest(
// CHECK-SAME:      %[[SRC:.*]]: tensor<16x16xf32>, %[[DEST:.*]]: tensor<?x4x8x4xf32>)
// CHECK:         %[[EXP:.*]] = tensor.expand_shape %[[SRC]]
// CHECK-NEXT:    %[[INIT:.*]] = tensor.cast %[[DEST]] : tensor<?x4x8x4xf32> to tensor<2x4x8x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[EXP]]:tensor<2x8x4x4xf32>) outs(%[[INIT]]:tensor<2x4x8x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-NEXT:    %[[R:.*]] = tensor.cast %[[T]] : tensor<2x4x8x4xf32> to tensor<?x4x8x4xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @pack_cast_dest(%src: tensor<16x16xf32>, %dest: tensor<?x4x8x4xf32>) -> tensor<?x4x8x4xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dest : tensor<16x16xf32> -> tensor<?x4x8x4xf32>
  return %0 : tensor<?x4x8x4xf32>
}

// -----

// CHECK-LABEL: func.func @unpack_perm(
// CHECK-SAME:      %[[P:.*]]: tensor<4x2x8x4xf32>, %[[D:.*]]: tensor<13x15xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x8x4x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[P]]:tensor<4x2x8x4xf32>) outs(%[[E]]:tensor<2x8x4x4xf32>) permutation = [1, 2, 0, 3]
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] : tensor<2x8x4x4xf32> into tensor<16x16xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[C]][0, 0] [13, 15] [1, 1] : tensor<16x16xf32> to tensor<13x15xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.copy ins(%[[S]] : tensor<13x15xf32>) outs(%[[D]] : tensor<13x15xf32>) -> tensor<13x15xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @unpack_perm(%p: tensor<4x2x8x4xf32>, %d: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %0 = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %0 : tensor<13x15xf32>
}

// -----

// Dynamic shapes and a dynamic tile: sizes read with tensor.dim.
// CHECK-LABEL: func.func @unpack_dynamic(
// CHECK-SAME:      %[[P:.*]]: tensor<?x?x8x?xf32>, %[[D:.*]]: tensor<?x?xf32>, %{{.*}}: index)
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<?x8x?x?xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[P]]:tensor<?x?x8x?xf32>) outs(%[[E]]:tensor<?x8x?x?xf32>) permutation = [1, 2, 0, 3]
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] : tensor<?x8x?x?xf32> into tensor<?x?xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[C]][0, 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:    linalg.copy ins(%[[S]] : tensor<?x?xf32>) outs(%[[D]] : tensor<?x?xf32>) -> tensor<?x?xf32>
func.func @unpack_dynamic(%p: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) -> tensor<?x?xf32> {
  %0 = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// REFUSE: lower-pack-dynamic-tile.mlir:4:3: error: cannot lower linalg.pack with dynamic inner tiles
// REFUSE-NOT: Traceback
