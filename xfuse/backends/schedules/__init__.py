"""The micro-kernel schedules: what xfuse knows how to generate fast code for, one module per kind
of op. Each finds its ops in the module about to be lowered, marks them, and contributes bodies to
the one transform-dialect script the `microkernel` pipelines run through stock mlir-opt
(`--transform-preload-library`; xfuse/backends/pipelines.py assembles them):

- `micro_tile`: the register tile's cost model (accumulators, loads per FMA, K blocks for L2),
  shared by matmuls and convolutions;
- `matmul`: matmuls and `mmt4d`s with their fused elementwise epilogues, register-tiled to FMAs;
- `conv`: direct NHWC/HWCF and depthwise convolutions and their epilogues, register-tiled;
- `pools`: max and sum poolings, output pixels by whole vectors of channels;
- `rows`: reductions over the last loop (softmax, layer norm), in whole vectors;
- `row_kernels`: a LayerNorm or a softmax over the last dim as one loop over its rows, the statistics in registers;
- `elementwise`: chains of elementwise ops no register tile took, in whole vectors;
- `transposes`: transposes as in-register shuffles of vector blocks;
- `packs`: `linalg.pack` into blocks of whole vectors (data tiling);
- `in_parts`: the schedule run on a very large function in parts, in parallel;
- `flat_pixels`, `pixel_strides`, `channel_split`, `column_split`, `strided_pointwise`: the
  convolution shapes the register tiles are chosen for, rewritten before planning (1x1
  convolutions over flattened pixels, activations whose pixels would share an L1 set given a
  wider stride, channels no vector or cache line divides split, odd widths of convolutions fused
  op by op split in two, strided 1x1 convolutions on their subsampled input);
- `activation_panels`: a matmul of two activations (attention's per-head products) reads its B in
  register-tile-wide panels packed per call, rewritten before planning.

An op no schedule takes keeps MLIR's generic lowering (loops LLVM may vectorize); an op a schedule
takes but MLIR's vectorizer refuses is lowered as loops and reported (xfuse/backends/lowering_fixes/vectorize_fallback.py).
"""
