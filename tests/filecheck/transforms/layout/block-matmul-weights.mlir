// xfuse-block-matmul-weights: a large matmul weight argument takes the layout N/B x K x B (B
// columns per contiguous panel) and its matmul becomes a forall over the panels, each a matmul
// writing B columns of the result.
// The default panel width is the host's (one AVX2 register tile, 16; 64 with 32 registers), so
// the checks name it: panels of at most 64 columns,
// RUN: xfuse-opt %S/Inputs/matmul_weights.mlir -p 'xfuse-block-matmul-weights{max-width=64}' | filecheck %s
// and of at most 16 (AVX2's 6x16 tiles then read their panel as one contiguous run):
// RUN: xfuse-opt %S/Inputs/matmul_weights.mlir -p 'xfuse-block-matmul-weights{max-width=16}' | filecheck %s --check-prefix=W16
// W16-LABEL: func.func @ffn(
// W16-SAME:    %w: tensor<64x256x16xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 1, 0, 2>, xfuse.weight_shape = array<i64: 256, 64, 16>}
// W16:         scf.forall (%{{[^)]+}}) in (64)
// W16:           linalg.matmul ins(%{{[^ ]+}}, %{{[^ ]+}} : tensor<128x256xf32>, tensor<256x16xf32>) outs(%{{[^ ]+}} : tensor<128x16xf32>)
// A width that is no panel width is refused with the pipeline quoted, and so is an unknown option:
// RUN: not xfuse-opt %S/Inputs/matmul_weights.mlir -p 'xfuse-block-matmul-weights{max-width=12}' 2>&1 | filecheck %s --check-prefix=WIDTH
// WIDTH: xfuse-opt: error: invalid pass pipeline 'xfuse-block-matmul-weights{max-width=12}': xfuse-block-matmul-weights option max-width: must be 0 (the host's) or one of 8, 16, 32, 64, got 12
// WIDTH-NOT: Traceback
// RUN: not xfuse-opt %S/Inputs/matmul_weights.mlir -p 'xfuse-block-matmul-weights{width=32}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION: xfuse-opt: error: invalid pass pipeline 'xfuse-block-matmul-weights{width=32}': xfuse-block-matmul-weights option width: Provided arguments ["width"] not found in expected arguments ["max_width"]
// OPTION-NOT: Traceback

// The batch_matmul of a weight copied over its batch of 1 is a matmul of the collapsed input on
// 16 panels of 64 columns (the weight reshaped 256 x 16 x 64, then permuted 1, 0, 2); each block
// fills its own accumulator, its slice of the shared output (computed in place: a tensor.empty of
// its own became a temporary and a copy wherever the register tiles split the rows), and the
// result is expanded back:
// CHECK-LABEL: func.func @ffn(
// CHECK-SAME:    %w: tensor<16x256x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 1, 0, 2>, xfuse.weight_shape = array<i64: 256, 16, 64>}
// CHECK-NOT:     linalg.generic
// CHECK:         %[[X:[^ ]+]] = tensor.collapse_shape %x {{\[}}[0 : i64, 1 : i64], [2 : i64]] : tensor<1x128x256xf32> into tensor<128x256xf32>
// CHECK:         %[[E:[^ ]+]] = tensor.empty() : tensor<128x1024xf32>
// CHECK:         %[[R:[^ ]+]] = scf.forall (%[[B:[^)]+]]) in (16) shared_outs(%[[ACC:[^ ]+]] = %[[E]]) -> (tensor<128x1024xf32>) {
// CHECK:           %[[FIRST:[^ ]+]] = arith.muli %[[B]], %{{.*}} : index
// CHECK:           %[[PANEL:[^ ]+]] = tensor.extract_slice %w[%[[B]], 0, 0] [1, 256, 64] [1, 1, 1] : tensor<16x256x64xf32> to tensor<256x64xf32>
// CHECK:           %[[BE:[^ ]+]] = tensor.extract_slice %[[ACC]][0, %[[FIRST]]] [128, 64] [1, 1] : tensor<128x1024xf32> to tensor<128x64xf32>
// CHECK:           %[[FILL:[^ ]+]] = linalg.fill ins(%zero : f32) outs(%[[BE]] : tensor<128x64xf32>)
// CHECK:           %[[C:[^ ]+]] = linalg.matmul ins(%[[X]], %[[PANEL]] : tensor<128x256xf32>, tensor<256x64xf32>) outs(%[[FILL]] : tensor<128x64xf32>)
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, %[[FIRST]]] [128, 64] [1, 1]
// CHECK:         %y = tensor.expand_shape %[[R]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [1, 128, 1024]
// CHECK-NOT:     linalg.batch_matmul
// CHECK:         func.return %y

// A Gemm weight stored transposed (1000 x 512) composes: reshaped 125 x 8 x 512, then permuted
// 0, 2, 1 (8 columns per panel: 1000 classes); the accumulator, a bias broadcast, is sliced:
// CHECK-LABEL: func.func @classifier(
// CHECK-SAME:    %w: tensor<125x512x8xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 0, 2, 1>, xfuse.weight_shape = array<i64: 125, 8, 512>}
// CHECK:         %[[BIAS:[^ ]+]] = linalg.broadcast
// CHECK:         %y = scf.forall (%[[B:[^)]+]]) in (125) shared_outs(%[[ACC:[^ ]+]] = %[[BIAS]]) -> (tensor<1x1000xf32>) {
// CHECK:           %[[FIRST:[^ ]+]] = arith.muli %[[B]], %{{.*}} : index
// CHECK:           %[[PANEL:[^ ]+]] = tensor.extract_slice %w[%[[B]], 0, 0] [1, 512, 8] [1, 1, 1]
// CHECK:           %[[INIT:[^ ]+]] = tensor.extract_slice %[[ACC]][0, %[[FIRST]]] [1, 8] [1, 1]
// CHECK:           %[[C:[^ ]+]] = linalg.matmul ins(%x, %[[PANEL]] : tensor<1x512xf32>, tensor<512x8xf32>) outs(%[[INIT]] : tensor<1x8xf32>)
// CHECK:           tensor.parallel_insert_slice %[[C]] into %[[ACC]][0, %[[FIRST]]] [1, 8] [1, 1]

// Left alone: a weight under 128 KiB, an argument that is no weight, a weight two matmuls read,
// a weight 8 columns wide (its rows are panels already):
// CHECK-LABEL: func.func @small(
// CHECK-SAME:    %w: tensor<127x256xf32> {xfuse.weight}, %v: tensor<256x512xf32>, %u: tensor<256x512xf32> {xfuse.weight}, %y: tensor<4x8192xf32>, %t: tensor<8192x8xf32> {xfuse.weight})
// CHECK-NOT:     scf.forall
// CHECK-COUNT-5: linalg.matmul
// CHECK-NOT:     scf.forall
// CHECK:         func.return

// The epilogue moves into the loop: the bias add (its bias sliced per block) and the residual add
// (the residual collapsed to 2-D before the loop, sliced per block) of @projection, as 2-D
// generics on the block's result, the last one into the block's slice of the shared output (the
// bias add's init stays an empty: it lives in registers); the op read twice stays outside, on the
// expanded result:
// CHECK-LABEL: func.func @projection(
// CHECK-SAME:    %w: tensor<8x256x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 1, 0, 2>, xfuse.weight_shape = array<i64: 256, 8, 64>}
// CHECK:         %[[RES:[^ ]+]] = tensor.collapse_shape %res {{\[}}[0 : i64, 1 : i64], [2 : i64]] : tensor<1x128x512xf32> into tensor<128x512xf32>
// CHECK:         %[[R:[^ ]+]] = scf.forall (%[[B:[^)]+]]) in (8) shared_outs(%[[ACC:[^ ]+]] = %{{[^ ]+}}) -> (tensor<128x512xf32>) {
// CHECK:           %[[FIRST:[^ ]+]] = arith.muli %[[B]]
// CHECK:           %[[C:[^ ]+]] = linalg.matmul
// CHECK:           %[[BS:[^ ]+]] = tensor.extract_slice %b[%[[FIRST]]] [64] [1] : tensor<512xf32> to tensor<64xf32>
// CHECK:           %[[BIASED:[^ ]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[C]], %[[BS]] : tensor<128x64xf32>, tensor<64xf32>)
// CHECK:           %[[RS:[^ ]+]] = tensor.extract_slice %[[RES]][0, %[[FIRST]]] [128, 64] [1, 1]
// CHECK:           %[[OUT:[^ ]+]] = tensor.extract_slice %[[ACC]][0, %[[FIRST]]] [128, 64] [1, 1]
// CHECK:           %[[SUM:[^ ]+]] = linalg.generic {{.*}} ins(%[[RS]], %[[BIASED]] : tensor<128x64xf32>, tensor<128x64xf32>) outs(%[[OUT]] : tensor<128x64xf32>)
// CHECK:           tensor.parallel_insert_slice %[[SUM]] into %[[ACC]][0, %[[FIRST]]] [128, 64] [1, 1]
// CHECK:         %[[Y:[^ ]+]] = tensor.expand_shape %[[R]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [1, 128, 512]
// CHECK:         %twice = linalg.generic {{.*}} ins(%[[Y]] : tensor<1x128x512xf32>)
// CHECK:           arith.mulf
// CHECK:         func.return %twice, %[[Y]]

// @fc: the 2-D bias add and the ReLU (its body reading the constant from outside) per block:
// CHECK-LABEL: func.func @fc(
// CHECK:         %relu = scf.forall (%[[B:[^)]+]]) in (16) shared_outs(%[[ACC:[^ ]+]] = %{{[^ ]+}}) -> (tensor<1x1024xf32>) {
// CHECK:           %[[C:[^ ]+]] = linalg.matmul
// CHECK:           %[[BIASED:[^ ]+]] = linalg.generic {{.*}} ins(%[[C]], %{{[^ ]+}} : tensor<1x64xf32>, tensor<64xf32>)
// CHECK:           %[[RELU:[^ ]+]] = linalg.generic {{.*}} ins(%[[BIASED]] : tensor<1x64xf32>)
// CHECK:             arith.maximumf %{{[^,]+}}, %zero
// CHECK:           tensor.parallel_insert_slice %[[RELU]] into %[[ACC]]
// CHECK-NOT:     linalg.generic
// CHECK:         func.return %relu

// @mlp_gelu: the expand_shape between the bias add and the GELU is passed through: both run per
// block in 2-D, and the loop's result is expanded once:
// CHECK-LABEL: func.func @mlp_gelu(
// CHECK:         %[[R:[^ ]+]] = scf.forall (%{{[^)]+}}) in (12) shared_outs(%{{[^ ]+}} = %{{[^ ]+}}) -> (tensor<8x768xf32>) {
// CHECK:           %[[C:[^ ]+]] = linalg.matmul
// CHECK:           %[[BIASED:[^ ]+]] = linalg.generic {{.*}} ins(%[[C]], %{{[^ ]+}} : tensor<8x64xf32>, tensor<64xf32>)
// CHECK:           %[[GELU:[^ ]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[BIASED]] : tensor<8x64xf32>)
// CHECK:             math.tanh
// CHECK:           tensor.parallel_insert_slice %[[GELU]]
// CHECK:         %[[Y:[^ ]+]] = tensor.expand_shape %[[R]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [1, 8, 768]
// CHECK-NOT:     linalg.generic
// CHECK:         func.return %[[Y]]

// @shared_fill: two matmuls accumulate into one zero fill (torch-mlir makes one per shape: ViT's
// four qkv layers). Each block still fills its own accumulator, and the block's last op, the bias
// add or the matmul itself, writes into the block's slice of the loop's shared output, so the
// block is computed in place even where the register tiles split its 197 rows (192 + 5): into a
// tensor.empty of its own, the 192 rows went to a temporary block copied into the result.
// CHECK-LABEL: func.func @shared_fill(
// CHECK:         scf.forall (%[[B:[^)]+]]) in (9) shared_outs(%[[ACC:[^ ]+]] = %{{[^ ]+}}) -> (tensor<197x576xf32>) {
// CHECK:           %[[FIRST:[^ ]+]] = arith.muli %[[B]]
// CHECK:           %[[BE:[^ ]+]] = tensor.empty() : tensor<197x64xf32>
// CHECK:           %[[FILL:[^ ]+]] = linalg.fill ins(%zero : f32) outs(%[[BE]] : tensor<197x64xf32>)
// CHECK:           %[[C:[^ ]+]] = linalg.matmul {{.*}} outs(%[[FILL]] : tensor<197x64xf32>)
// CHECK:           %[[OUT:[^ ]+]] = tensor.extract_slice %[[ACC]][0, %[[FIRST]]] [197, 64] [1, 1]
// CHECK:           %[[BIASED:[^ ]+]] = linalg.generic {{.*}} ins(%[[C]], %{{[^ ]+}} : tensor<197x64xf32>, tensor<64xf32>) outs(%[[OUT]] : tensor<197x64xf32>)
// CHECK:           tensor.parallel_insert_slice %[[BIASED]] into %[[ACC]][0, %[[FIRST]]] [197, 64] [1, 1]
// CHECK:         scf.forall (%[[B2:[^)]+]]) in (9) shared_outs(%[[ACC2:[^ ]+]] = %{{[^ ]+}}) -> (tensor<197x576xf32>) {
// CHECK:           %[[FIRST2:[^ ]+]] = arith.muli %[[B2]]
// CHECK:           %[[OUT2:[^ ]+]] = tensor.extract_slice %[[ACC2]][0, %[[FIRST2]]] [197, 64] [1, 1]
// CHECK:           %[[FILL2:[^ ]+]] = linalg.fill ins(%zero : f32) outs(%[[OUT2]] : tensor<197x64xf32>)
// CHECK:           %[[C2:[^ ]+]] = linalg.matmul {{.*}} outs(%[[FILL2]] : tensor<197x64xf32>)
// CHECK:           tensor.parallel_insert_slice %[[C2]] into %[[ACC2]][0, %[[FIRST2]]] [197, 64] [1, 1]
// CHECK-NOT:     linalg.fill
// CHECK:         func.return
