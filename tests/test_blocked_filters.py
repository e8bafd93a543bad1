"""`xfuse-block-filters` (xfuse/transforms/layout/blocked_filters.py): the blocked convolution
computes what the HWCF one does, through the reference lowering and the register-tiled schedule
(serial and parallel), once the caller reshapes and permutes the weight as the argument's
attributes say (`permute_weights` with `weight_shapes`, as xfuse.onnx's Model does). The
FileCheck test tests/filecheck/transforms/layout/block-filters.mlir covers the IR. The block
widths depend on the target's register file: the tests pass one (`WIDE`: 64 or 32 channels,
`ZEN3`: one register tile), whatever the host that compiles the result."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.transforms.layout import blocked_filters
from xfuse.transforms.layout.blocked_filters import (
    TILE_WIDE_MAX_REGISTERS,
    block_filters,
    block_size,
    chunk_rows,
    padded_blocks,
    tile_block_size,
)
from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes, weight_transforms

WIDE = CpuTarget("x86-64-v4", 512, 32, True)
"""32 vector registers (AVX-512): blocks of `block_size`."""
ZEN3 = CpuTarget("znver3", 256, 16, True)
"""16 registers (AVX2): blocks one register tile wide."""

INPUT = Path(__file__).parent / "filecheck" / "transforms" / "layout" / "Inputs" / "large_filter.mlir"


def _original_weights(rng):
    """The two filters as the model has them (FCHW), and the inputs."""
    return {"x": rng.standard_normal((1, 5, 5, 128), dtype=np.float32),
            "w": rng.standard_normal((256, 128, 3, 3), dtype=np.float32),
            "y": rng.standard_normal((1, 5, 5, 8), dtype=np.float32),
            "v": rng.standard_normal((128, 8, 3, 3), dtype=np.float32)}


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp", "default"])
def test_blocked_convolution_computes_the_same(pipeline):
    arrays = _original_weights(np.random.default_rng(7))
    hwcf = {name: (a if a.ndim == 4 and name in "xy" else np.ascontiguousarray(a.transpose(2, 3, 1, 0)))
            for name, a in arrays.items()}
    want = compile_module(parse(INPUT.read_text()), "layer", "default")(*hwcf.values())
    module = parse(INPUT.read_text())
    assert block_filters(module, WIDE) == 1
    blocked = permute_weights(arrays, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    assert blocked["w"].shape == (4, 3, 3, 128, 64) and blocked["w"].flags.c_contiguous
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-3)


def test_small_or_non_weight_filters_are_left_alone():
    text = INPUT.read_text().replace("tensor<3x3x128x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}",
                                     "tensor<3x3x128x256xf32> {xfuse.weight}")
    assert text != INPUT.read_text()
    module = parse(text)  # the large filter has no HWCF layout recorded: not a weight xfuse-nhwc permuted
    assert block_filters(module, WIDE) == 0
    assert str(module) == str(parse(text))


def test_pass_runs_by_name():
    """On the host: the small filter `v` (72 rows 512 bytes apart) is blocked too where 16
    registers make blocks one tile wide (`_thrashes_l1`)."""
    module = parse(INPUT.read_text())
    apply_passes(module, "xfuse-block-filters")
    want = 2 if host_target().vector_registers <= TILE_WIDE_MAX_REGISTERS else 1
    assert sum(op.name == "scf.forall" for op in module.walk()) == want


def test_a_filter_smaller_than_its_input_is_blocked_too():
    """VGG-19's 56x56 layers: a 1.2 MB filter on a 1.6 MB input (74 GFLOP/s in HWCF, 140 in blocks)."""
    module = parse("""
func.func @layer(%x: tensor<1x42x42x256xf32>, %w: tensor<3x3x256x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x40x40x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x40x40x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x40x40x128xf32>) -> tensor<1x40x40x128xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x42x42x256xf32>, tensor<3x3x256x128xf32>) outs(%f : tensor<1x40x40x128xf32>) -> tensor<1x40x40x128xf32>
  return %c : tensor<1x40x40x128xf32>
}
""")
    assert block_filters(module, WIDE) == 1
    assert sum(op.name == "scf.forall" for op in module.walk()) == 1


EPILOGUE = INPUT.parent / "large_filter_epilogue.mlir"


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp", "default"])
def test_bias_and_epilogue_move_into_the_block_loop(pipeline):
    """The bias broadcasts and the chain after the second convolution (the residual add of the
    first one's result, the ReLU, a negation) run per block: the same results as the HWCF
    module, and no op of the chain is left outside the loops."""
    rng = np.random.default_rng(11)
    arrays = {"x": rng.standard_normal((1, 7, 7, 128), dtype=np.float32),
              "w1": rng.standard_normal((256, 128, 3, 3), dtype=np.float32) * 0.1,
              "b1": rng.standard_normal(256, dtype=np.float32),
              "w2": rng.standard_normal((256, 128, 3, 3), dtype=np.float32) * 0.1,
              "b2": rng.standard_normal(256, dtype=np.float32)}
    hwcf = {name: (np.ascontiguousarray(a.transpose(2, 3, 1, 0)) if name.startswith("w") else a)
            for name, a in arrays.items()}
    want = compile_module(parse(EPILOGUE.read_text()), "block", "default")(*hwcf.values())
    module = parse(EPILOGUE.read_text())
    assert block_filters(module, WIDE) == 2
    function = next(op for op in module.walk() if op.name == "func.func")
    top = [op.name for op in function.body.block.ops]
    assert top.count("scf.forall") == 2 and "linalg.generic" not in top and "linalg.broadcast" not in top, top
    blocked = permute_weights(arrays, 0, weight_layouts(module, "block"), weight_shapes(module, "block"))
    assert blocked["w1"].shape == (4, 3, 3, 128, 64)
    got = compile_module(module, "block", pipeline)(*blocked.values())
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-3)


BY_32 = INPUT.parent / "filter_in_32_blocks.mlir"


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_blocks_of_32_channels_compute_the_same(pipeline):
    """Inception-v2's 224- and 160-channel filters in blocks of 32 (64 does not divide them; in
    HWCF its 7x7, 224 -> 224 layers ran at 60 GFLOP/s, 108 in blocks), the 1000-channel one in 25
    blocks of 40: the same results as the module before the pass, through the reference lowering."""
    rng = np.random.default_rng(13)
    arrays = {"x": rng.standard_normal((1, 9, 9, 224), dtype=np.float32),
              "w": rng.standard_normal((224, 224, 3, 3), dtype=np.float32) * 0.1,
              "y": rng.standard_normal((1, 14, 14, 576), dtype=np.float32),
              "v": rng.standard_normal((160, 576, 1, 1), dtype=np.float32) * 0.1,
              "z": rng.standard_normal((1, 5, 5, 64), dtype=np.float32),
              "u": rng.standard_normal((1000, 64, 3, 3), dtype=np.float32) * 0.1}
    hwcf = {name: (a if name in "xyz" else np.ascontiguousarray(a.transpose(2, 3, 1, 0))) for name, a in arrays.items()}
    want = compile_module(parse(BY_32.read_text()), "layer", "default")(*hwcf.values())
    module = parse(BY_32.read_text())
    assert block_filters(module, WIDE) == 3
    blocked = permute_weights(arrays, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    assert blocked["w"].shape == (7, 3, 3, 224, 32) and blocked["v"].shape == (5, 1, 1, 576, 32)
    assert blocked["u"].shape == (25, 3, 3, 64, 40)
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize(("features", "size"), [(256, 64), (128, 64), (192, 32), (320, 32), (224, 32), (160, 32),
                                                (64, 32), (32, None), (1000, 40), (144, 48), (96, 32),
                                                (120, 40), (208, None)])
def test_block_size_prefers_an_even_number_of_blocks(features, size):
    """64 channels where that makes an even number of blocks (the parallel pipelines run them on
    the CPUs), else 32 (192 = 6 x 32, not 3 x 64), else the first that divides into two or more:
    48 or 40 only where neither 64 nor 32 divides (96 stays 3 x 32 though 2 x 48 is even)."""
    assert block_size(features) == size


def _convolution(output: tuple[int, int], kernel: int, stride: int, channels: int, features: int):
    """A module of one NHWC convolution with a weight filter in HWCF, starting from its bias
    broadcast and rectified after it (what xfuse-block-filters moves into the block loop), and
    the convolution."""
    oh, ow = output
    ih, iw = (oh - 1) * stride + kernel, (ow - 1) * stride + kernel
    result = f"tensor<1x{oh}x{ow}x{features}xf32>"
    module = parse(f"""
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @layer(%x: tensor<1x{ih}x{iw}x{channels}xf32>,
                 %w: tensor<{kernel}x{kernel}x{channels}x{features}xf32> {{xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}},
                 %b: tensor<{features}xf32> {{xfuse.weight}}) -> {result} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {result}
  %init = linalg.broadcast ins(%b : tensor<{features}xf32>) outs(%e : {result}) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
      ins(%x, %w : tensor<1x{ih}x{iw}x{channels}xf32>, tensor<{kernel}x{kernel}x{channels}x{features}xf32>)
      outs(%init : {result}) -> {result}
  %relu = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
          ins(%c : {result}) outs(%e : {result}) {{
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  }} -> {result}
  return %relu : {result}
}}
""")
    return module, next(op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf")


@pytest.mark.parametrize(("output", "kernel", "stride", "channels", "features", "zen3", "wide"), [
    ((7, 7), 3, 1, 512, 512, 16, 64),      # ResNet-50's 7-wide 3x3: split 4x16 + 3x16 (column_split.py)
    ((7, 7), 1, 1, 2048, 512, 16, 64),     # its 7-wide 1x1: 49 pixels as 45 in 5x16 + 4 in 4x16 (FULL_REMAINDER)
    ((7, 7), 1, 2, 1024, 2048, 16, 64),    # the stride-2 shortcut into stage 4: 4x16 + 3x16 (STRIDED_POINTWISE)
    ((7, 7), 3, 1, 224, 224, 16, 32),      # Inception-v2's 224 channels: 32 in the first tier, then 4x16 + 3x16
    ((13, 13), 3, 1, 64, 256, 16, 64),     # SqueezeNet's 13-wide 3x3 expands: split 5x16 + 3x16
    ((14, 14), 3, 1, 256, 256, 16, 64),    # 14-wide 3x3: split 5x16 + 4x16 (2x32 streams its filter)
    ((14, 14), 1, 2, 512, 1024, 32, 64),   # stride 2, 1x1: neither flattened nor split, 2x32
    ((14, 14), 1, 1, 1024, 256, 16, 64),   # 14-wide 1x1: 4x16 over its 196 flattened pixels
    ((28, 28), 3, 1, 128, 128, 16, 64),    # 28-wide: 4x16
    ((13, 13), 1, 1, 512, 1000, 40, 40),   # SqueezeNet's 1000 classes: blocks of the second tier keep 40
    ((13, 13), 1, 1, 384, 64, 16, 32),     # fire8's squeeze: 169 pixels as 168 in 6x16 + 1 (not 13x8)
    ((13, 13), 1, 1, 64, 256, 16, 64),     # fire8/9's 1x1 expands: the same split
])
def test_blocks_are_one_register_tile_wide_on_16_registers(output, kernel, stride, channels, features, zen3, wide):
    """On Zen 3 a block of the first tier is the width of the register tile the convolution
    schedule takes for it; 32 registers keep `block_size`."""
    _, conv = _convolution(output, kernel, stride, channels, features)
    assert tile_block_size(conv, ZEN3) == zen3
    assert tile_block_size(conv, WIDE) == wide == block_size(features)


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize(("output", "kernel", "stride", "channels", "features"), [
    ((7, 7), 3, 1, 64, 512), ((7, 7), 1, 2, 256, 512), ((13, 13), 3, 1, 64, 256), ((14, 14), 1, 1, 128, 512),
    ((13, 13), 1, 1, 512, 64)])
def test_tile_wide_blocks_compute_the_same(pipeline, output, kernel, stride, channels, features):
    """Blocks as wide as their register tiles (7x7 1x1 stride 2: 16, split 4 + 3; 14x14 1x1: 16,
    flattened; 13x13 1x1: 16, 168 + 1 flattened pixels), with the bias broadcast and the ReLU in the block loop, compute what the HWCF
    convolution does, through the reference lowering."""
    rng = np.random.default_rng(17)
    module, conv = _convolution(output, kernel, stride, channels, features)
    x_shape = conv.operands[0].type.get_shape()
    x = rng.standard_normal(tuple(x_shape), dtype=np.float32)
    w = rng.standard_normal((features, channels, kernel, kernel), dtype=np.float32) * 0.1
    b = rng.standard_normal(features, dtype=np.float32)
    want = compile_module(parse(str(module)), "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b)
    width = tile_block_size(conv, ZEN3)
    assert block_filters(module, ZEN3) == 1
    function = next(op for op in module.walk() if op.name == "func.func")
    assert [op.name for op in function.body.block.ops].count("linalg.generic") == 0  # the ReLU is in the loop
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    assert blocked["w"].shape == (features // width, kernel, kernel, channels, width) and width < 64
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("in_destination", [True, False])
@pytest.mark.parametrize(("output", "channels", "features"), [((13, 13), 512, 64), ((7, 7), 2048, 512)])
def test_split_parts_write_their_blocks_slice(znver3_build, monkeypatch, tmp_path, in_destination, output, channels, features):
    """A 1x1 layer in blocks of 16 whose flattened pixels are split (13x13: 168 + 1, SqueezeNet's
    fire9 squeeze; 7x7: 45 + 4, ResNet-50's stage 4): each part computes in the block's slice of
    the loop's output, and with `PARTS_IN_THEIR_DESTINATION` is inserted there, so the one-thread
    LLVM IR has no `memrefCopy` and one buffer fewer; off, the parts' own empty was a buffer per
    block copied into the slice. Both agree with the HWCF convolution through `default`, at one
    and at two threads."""
    from tests.test_blocked_weights import _lowered_llvm
    from xfuse.backends.schedules import flat_pixels

    monkeypatch.setattr(flat_pixels, "PARTS_IN_THEIR_DESTINATION", in_destination)
    module, conv = _convolution(output, 1, 1, channels, features)
    assert tile_block_size(conv, ZEN3) == 16 and block_filters(module, ZEN3) == 1
    text = _lowered_llvm(parse(str(module)), "layer", tmp_path)
    assert (text.count("call void @memrefCopy") == 0) is in_destination
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, *output, channels), dtype=np.float32)
    w = rng.standard_normal((features, channels, 1, 1), dtype=np.float32) * 0.1
    b = rng.standard_normal(features, dtype=np.float32)
    reference, _ = _convolution(output, 1, 1, channels, features)
    want = compile_module(reference, "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b)
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    for pipeline in ("microkernel", "microkernel-openmp"):
        got = compile_module(parse(str(module)), "layer", pipeline)(*blocked.values())
        np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize(("output", "kernel", "channels", "features", "zen3"), [
    ((56, 56), 1, 64, 256, True),     # ResNet-50's 56-wide 1x1 expansion: 64 rows 1 KiB apart, 32 fit L1
    ((56, 56), 1, 256, 64, True),     # its 1x1 reduction: 256 rows 256 bytes apart, 128 fit
    ((56, 56), 3, 64, 64, True),      # its 3x3: 576 rows 256 bytes apart
    ((55, 55), 1, 32, 128, False),    # SqueezeNet's 1x1 expand: 32 rows 512 bytes apart, 64 fit
    ((55, 55), 1, 48, 192, False),    # 48 rows 768 bytes apart: 128 fit
])
def test_filters_under_the_size_bound_are_blocked_where_their_rows_thrash_l1(output, kernel, channels, features,
                                                                               zen3):
    """Under `MIN_FILTER_BYTES`, a filter is blocked on 16-register targets when a register
    tile's slice of its HWCF rows cannot stay in L1 (`_thrashes_l1`); 32 registers keep HWCF."""
    module, _ = _convolution(output, kernel, 1, channels, features)
    assert block_filters(module, ZEN3) == int(zen3)
    module, _ = _convolution(output, kernel, 1, channels, features)
    assert block_filters(module, WIDE) == 0


def _seeded_1x1_reference(module, conv, seed: int, scale: float, *extra: np.ndarray):
    """Seeded input, filter (OIHW) and bias of `module`'s 1x1 convolution `conv`, and its result
    through `default` (the filter in HWCF; `extra` arguments after the bias)."""
    rng = np.random.default_rng(seed)
    features, channels = conv.operands[1].type.get_shape()[3], conv.operands[1].type.get_shape()[2]
    x = rng.standard_normal(tuple(conv.operands[0].type.get_shape()), dtype=np.float32)
    w = rng.standard_normal((features, channels, 1, 1), dtype=np.float32) * scale
    b = rng.standard_normal(features, dtype=np.float32)
    want = compile_module(parse(str(module)), "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b,
                                                                   *extra)
    return x, w, b, want


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_small_filter_blocked_for_l1_computes_the_same(pipeline):
    """ResNet-50's 56-wide 1x1 64 -> 256 (64 KiB filter), narrowed to 8 rows: blocks of 16 with
    the bias broadcast and the ReLU in the block loop compute what the HWCF convolution does."""
    module, conv = _convolution((8, 56), 1, 1, 64, 256)
    x, w, b, want = _seeded_1x1_reference(module, conv, 23, 0.1)
    assert block_filters(module, ZEN3) == 1
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    assert blocked["w"].shape == (16, 1, 1, 64, 16)
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


ZEN3_L2 = replace(ZEN3, l2_bytes=512 * 1024, l2_ways=8)
"""Zen 3 with its 512 KiB L2: the row chunks of `chunk_rows` depend on it."""


@pytest.mark.parametrize(("output", "kernel", "channels", "features", "rows"), [
    ((56, 56), 1, 224, 128, 4),    # DenseNet-121's first-block bottleneck: 2.7 MiB input, 4-row chunks
    ((56, 56), 1, 96, 128, 8),     # 1.1 MiB: 8 rows
    ((28, 28), 1, 448, 128, 4),    # 112-pixel chunks: the fewest MIN_CHUNK_PIXELS takes
    ((14, 14), 1, 640, 128, 14),   # 7 rows of 14 would be 98 pixels: whole rows
    ((14, 14), 1, 256, 128, 14),   # the input fits L2: whole rows
    ((56, 56), 3, 64, 64, 14),     # ResNet-50's 3x3: 16 input rows (the halo) per 14 output rows
    ((56, 56), 3, 256, 256, 56),   # VGG-19's 3x3: the 2.3 MiB filter once per chunk would cost more
])
def test_blocks_take_row_chunks_when_their_input_does_not_fit_l2(output, kernel, channels, features, rows):
    """`chunk_rows`: chunks of rows outside the blocks where they move fewer bytes past L2 than the
    blocks streaming the whole input each (`CHUNK_L2_SHARE`, `MIN_CHUNK_PIXELS`)."""
    _, conv = _convolution(output, kernel, 1, channels, features)
    assert chunk_rows(conv, tile_block_size(conv, ZEN3_L2), ZEN3_L2) == rows


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize(("output", "kernel", "stride", "channels", "features", "rows"), [
    ((16, 28), 1, 1, 192, 64, 4), ((8, 28), 3, 2, 64, 64, 2), ((12, 14), 3, 1, 96, 64, 3)])
def test_row_chunks_compute_the_same(pipeline, output, kernel, stride, channels, features, rows, monkeypatch):
    """Row chunks (`chunk_rows` set to `rows`) of a 1x1, a 3x3 stride-2 and a 3x3 convolution
    (their chunks' input rows overlap), with the bias broadcast and the ReLU in the loop, compute
    what the HWCF convolution does."""
    rng = np.random.default_rng(29)
    module, conv = _convolution(output, kernel, stride, channels, features)
    width = tile_block_size(conv, ZEN3)
    x = rng.standard_normal(tuple(conv.operands[0].type.get_shape()), dtype=np.float32)
    w = rng.standard_normal((features, channels, kernel, kernel), dtype=np.float32) * 0.1
    b = rng.standard_normal(features, dtype=np.float32)
    want = compile_module(parse(str(module)), "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b)
    monkeypatch.setattr(blocked_filters, "chunk_rows", lambda *_: rows)
    assert block_filters(module, ZEN3) == 1
    forall = next(op for op in module.walk() if op.name == "scf.forall")
    assert tuple(forall.staticUpperBound.get_values()) == (output[0] // rows, features // width)
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


def test_a_produced_input_takes_row_chunks_at_two_threads_only():
    """An input a generic computes (DenseNet-121's batch norm and ReLU) keeps whole rows at one
    thread, whose schedule plans the producer with the convolution, and takes chunks at two;
    `xfuse.onnx` gives the pass the build's thread count (`passes_for_threads`)."""
    from xfuse.onnx.model import DEFAULT_PASSES, passes_for_threads

    module = parse((INPUT.parent / "bottleneck_over_l2.mlir").read_text())
    layer, produced = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    assert [chunk_rows(layer, 16, ZEN3_L2, threads) for threads in (1, 2)] == [4, 4]
    assert [chunk_rows(produced, 16, ZEN3_L2, threads) for threads in (1, 2)] == [56, 4]
    assert passes_for_threads(DEFAULT_PASSES, 1) == DEFAULT_PASSES
    assert "xfuse-block-filters{threads=2},xfuse-block-matmul-weights" in \
        passes_for_threads(DEFAULT_PASSES, 2)
    assert passes_for_threads("xfuse-block-filters{threads=4}", 2) == "xfuse-block-filters{threads=4}"


def test_a_convolution_epilogue_is_not_a_produced_input():
    """The ReLU after a convolution (its epilogue, computed in its tiles) does not count as a
    produced input (`_produced`): a convolution reading it takes chunks at one thread too; the
    batch norm of @produced (reading an argument) does."""
    from xfuse.transforms.layout.blocked_filters import _produced

    module, conv = _convolution((8, 8), 1, 1, 64, 64)
    relu = next(op for op in module.walk() if op.name == "linalg.generic")
    assert not _produced(relu.results[0]) and not _produced(conv.results[0])
    module = parse((INPUT.parent / "bottleneck_over_l2.mlir").read_text())
    produced = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"][1]
    assert _produced(produced.operands[0])


def _padded_chunks_arena(function: str, pads_removed_later: bool, monkeypatch) -> int:
    """The planned arena of `function` of padded_chunks.mlir, blocked for Zen 3 and compiled with
    `microkernel` (conv_borders on), after one call; `pads_removed_later` False: `border_pads`
    finds none, as if the chunks did not know of conv_borders."""
    from xfuse.backends.runner import random_inputs

    with monkeypatch.context() as patch:
        if not pads_removed_later:
            patch.setattr(blocked_filters, "border_pads", lambda function: set())
        module = parse((INPUT.parent / "padded_chunks.mlir").read_text())
        assert block_filters(module, ZEN3_L2) >= 1
    compiled = compile_module(module, function, "microkernel", cache=False)
    compiled(*random_inputs(compiled.signature))
    return compiled.arena_pool().plan.bytes


def test_row_chunks_leave_the_largest_pad_to_conv_borders(monkeypatch):
    """The pad conv_borders removes (the function's largest) keeps its convolution in whole rows:
    chunked, the convolution reads a slice of the pad, which conv_borders cannot split, so the
    padded buffer (the ReLU written into its interior) stays, its border (58,368 bytes) more in the
    arena (VGG-19: 230,400 bytes over onnxruntime's peak, docs/backend-measurements.md, "Zen 3,
    eleventh session"). A smaller pad's convolution still takes chunks."""
    module = parse((INPUT.parent / "padded_chunks.mlir").read_text())
    peak, other = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"][1:]
    pads = blocked_filters.border_pads(peak.parent_op())
    assert pads == {peak.operands[0].op}
    assert chunk_rows(peak, 16, ZEN3_L2) == 56 and chunk_rows(other, 16, ZEN3_L2) == 14
    border = 4 * (58 * 58 - 56 * 56) * 64
    kept = _padded_chunks_arena("peak", True, monkeypatch)
    chunked = _padded_chunks_arena("peak", False, monkeypatch)
    assert kept <= 2 * 4 * 56 * 56 * 64 + 4096, kept  # the ReLU and the result, no padded buffer
    assert chunked - kept >= border, (kept, chunked)  # the test's own check: the growth it guards against


@pytest.mark.parametrize(("output", "kernel", "channels", "features", "bias", "want"), [
    ((13, 13), 1, 512, 1000, True, (1008, 16)),  # SqueezeNet's classifier: 63 blocks of 16, not 25 of 40
    ((13, 13), 1, 512, 1000, False, None),       # no bias broadcast to pad
    ((7, 7), 1, 256, 120, True, None),           # 8 zero channels: over MAX_PADDING_SHARE
    ((7, 7), 1, 256, 144, True, None),           # whole cache lines already (9 x 16)
    ((7, 7), 1, 256, 224, True, None),           # a first-tier block (32)
    ((1, 1), 1, 1024, 1000, True, None),         # DenseNet-121's classifier: one pixel
])
def test_second_tier_blocks_are_padded_to_whole_cache_lines_on_16_registers(output, kernel, channels, features,
                                                                             bias, want):
    """`padded_blocks`: on Zen 3 a filter only a second-tier block divides, and no cache line,
    is padded to whole lines when the padding is small; 32 registers keep `block_size`."""
    module, conv = _convolution(output, kernel, 1, channels, features)
    if not bias:
        broadcast = conv.operands[2].op
        conv.operands[2] = broadcast.operands[1]
    assert padded_blocks(conv, ZEN3, 1) == want
    assert padded_blocks(conv, WIDE, 1) is None
    assert padded_blocks(conv, ZEN3, 0) is None  # the switch off


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_padded_blocks_compute_the_same(pipeline):
    """SqueezeNet's classifier (13 x 13 x 512 -> 1000, bias, ReLU) in 63 padded blocks of 16: the
    zero filters and bias are sliced off after the loop, so the result is the HWCF convolution's,
    through the one- and two-thread pipelines."""
    rng = np.random.default_rng(19)
    module, conv = _convolution((13, 13), 1, 1, 512, 1000)
    x = rng.standard_normal((1, 13, 13, 512), dtype=np.float32)
    w = rng.standard_normal((1000, 512, 1, 1), dtype=np.float32) * 0.1
    b = rng.standard_normal(1000, dtype=np.float32)
    want = compile_module(parse(str(module)), "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b)
    assert block_filters(module, ZEN3, lines=1) == 1
    function = next(op for op in module.walk() if op.name == "func.func")
    assert [op.name for op in function.body.block.ops].count("linalg.generic") == 0  # the ReLU is in the loop
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"),
                              weight_shapes(module, "layer"), weight_transforms(module, "layer"))
    assert blocked["w"].shape == (63, 1, 1, 512, 16) and blocked["w"].flags.c_contiguous
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    assert got[0].shape == (1, 13, 13, 1000)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


def _residual_convolution(output: tuple[int, int], channels: int, features: int):
    """A module of one NHWC 1x1 convolution with its bias broadcast, then a residual add (of an
    argument) and a ReLU: ResNet-50's expansion with its shortcut."""
    oh, ow = output
    result = f"tensor<1x{oh}x{ow}x{features}xf32>"
    module = parse(f"""
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @layer(%x: tensor<1x{oh}x{ow}x{channels}xf32>,
                 %w: tensor<1x1x{channels}x{features}xf32> {{xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}},
                 %b: tensor<{features}xf32> {{xfuse.weight}}, %r: {result}) -> {result} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {result}
  %init = linalg.broadcast ins(%b : tensor<{features}xf32>) outs(%e : {result}) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
      ins(%x, %w : tensor<1x{oh}x{ow}x{channels}xf32>, tensor<1x1x{channels}x{features}xf32>)
      outs(%init : {result}) -> {result}
  %s = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
          ins(%c, %r : {result}, {result}) outs(%e : {result}) {{
  ^bb0(%a: f32, %q: f32, %o: f32):
    %t = arith.addf %a, %q : f32
    %m = arith.maximumf %t, %zero : f32
    linalg.yield %m : f32
  }} -> {result}
  return %s : {result}
}}
""")
    return module, next(op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf")


@pytest.mark.parametrize(("output", "channels", "features", "residual", "on", "off"), [
    ((56, 56), 64, 256, True, 64, 16),     # ResNet-50's 56x56 expansion with its residual: 64 KiB filter
    ((56, 56), 64, 256, False, 16, 16),    # its shortcut (no residual): one tile wide
    ((14, 14), 1024, 256, True, 16, 16),   # a filter blocked for its size (1 MiB): one tile wide
])
def test_residual_layers_with_small_filters_keep_line_blocks(monkeypatch, output, channels, features, residual,
                                                            on, off):
    """With `RESIDUAL_LINE_BLOCKS`, a 1x1 convolution blocked only for L1 (under
    `MIN_FILTER_BYTES`) whose chain adds a residual keeps blocks of `block_size` on Zen 3; every
    other convolution, and every one with the switch off, is one register tile wide."""
    make = _residual_convolution if residual else (lambda o, c, f: _convolution(o, 1, 1, c, f))
    for value, width in ((True, on), (False, off)):
        monkeypatch.setattr(blocked_filters, "RESIDUAL_LINE_BLOCKS", value)
        _, conv = make(output, channels, features)
        assert tile_block_size(conv, ZEN3) == width


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_residual_line_blocks_compute_the_same(monkeypatch, pipeline):
    """ResNet-50's 56-wide 1x1 64 -> 256 with a residual add and ReLU, narrowed to 8 rows, in
    blocks of 64 (`RESIDUAL_LINE_BLOCKS`): the same as the HWCF convolution through `default`."""
    monkeypatch.setattr(blocked_filters, "RESIDUAL_LINE_BLOCKS", True)
    module, conv = _residual_convolution((8, 56), 64, 256)
    r = np.random.default_rng(37).standard_normal((1, 8, 56, 256), dtype=np.float32)
    x, w, b, want = _seeded_1x1_reference(module, conv, 29, 0.1, r)
    assert block_filters(module, ZEN3) == 1
    blocked = permute_weights({"x": x, "w": w, "b": b, "r": r}, 0, weight_layouts(module, "layer"),
                              weight_shapes(module, "layer"))
    assert blocked["w"].shape == (4, 1, 1, 64, 64)
    got = compile_module(module, "layer", pipeline)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize(("output", "kernel", "channels", "features", "threads", "on"), [
    ((14, 14), 1, 1024, 256, 2, 7),    # ResNet-50's 14x14 1024 -> 256: 392 KiB of input a thread
    ((14, 14), 1, 1024, 512, 2, 7),    # n140, 1024 -> 512
    ((14, 14), 1, 1024, 256, 1, 14),   # one thread: whole rows
    ((7, 7), 1, 2048, 512, 2, 7),      # 7 rows do not halve
    ((14, 14), 3, 512, 128, 2, 14),    # a 3x3: whole rows
    ((14, 14), 1, 256, 128, 2, 14),    # the input fits L2: whole rows
])
def test_one_row_chunk_per_thread_where_no_chunk_qualifies(monkeypatch, output, kernel, channels, features,
                                                           threads, on):
    """`ROWS_PER_THREAD`: at two threads a 1x1 layer whose input is over L2 and whose chunks are
    under `MIN_CHUNK_PIXELS` takes one chunk of rows per thread, when that half of its input and
    a panel fit L2; off, whole rows as before."""
    _, conv = _convolution(output, kernel, 1, channels, features)
    size = tile_block_size(conv, ZEN3_L2)
    for value, rows in ((True, on), (False, output[0])):
        monkeypatch.setattr(blocked_filters, "ROWS_PER_THREAD", value)
        assert chunk_rows(conv, size, ZEN3_L2, threads) == rows


def test_rows_per_thread_compute_the_same(monkeypatch):
    """ResNet-50's 14x14 1024 -> 256 (bias, ReLU) in one chunk of 7 rows per thread, at two
    threads: the same as the HWCF convolution through `default`."""
    monkeypatch.setattr(blocked_filters, "ROWS_PER_THREAD", True)
    module, conv = _convolution((14, 14), 1, 1, 1024, 256)
    x, w, b, want = _seeded_1x1_reference(module, conv, 31, 0.05)
    assert block_filters(module, ZEN3_L2, threads=2) == 1
    forall = next(op for op in module.walk() if op.name == "scf.forall")
    assert tuple(forall.staticUpperBound.get_values()) == (2, 16)
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    got = compile_module(module, "layer", "microkernel-openmp", threads=2)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize(("output", "kernel", "stride", "channels", "features", "zen3", "wide"), [
    ((14, 14), 3, 2, 256, 256, 4, 2),      # n81: 841 KiB input, over L2 with its panel
    ((28, 28), 3, 2, 128, 128, 8, 4),      # the 56 -> 28 layer: 1.6 MiB input
    ((7, 7), 3, 2, 512, 512, 2, 4),        # n143: 15 x 15 x 512, 450 KiB, with a 295 KiB (16) or 1.2 MiB (64) panel
    ((7, 7), 3, 1, 512, 512, 1, 2),        # the 7x7 3x3: 162 KiB input; at 64 channels the panel is over L2
    ((14, 14), 3, 1, 128, 128, 1, 1),      # input and panel fit L2: whole channels
    ((14, 14), 1, 1, 1024, 256, 1, 1),     # a 1x1: whole channels
    ((28, 28), 3, 1, 128, 128, 1, 1),      # row chunks on Zen 3, fits L2 with its panel on 1 MiB
])
def test_input_channels_in_slices_where_input_and_panel_overflow_l2(monkeypatch, output, kernel, stride, channels,
                                                                    features, zen3, wide):
    """`input_channel_slices`: with `INPUT_CHANNEL_SLICES` a blocked 3x3 layer without row chunks
    whose input and one block's panel overflow L2 takes the fewest slices of 8k channels whose
    input and panel slices fit `CHANNEL_SLICE_L2_SHARE` of it (512 KiB Zen 3, 1 MiB x86-64-v4), in
    builds of `CHANNEL_SLICE_MIN_THREADS` or more threads; off, none."""
    from xfuse.transforms.layout.blocked_filters import input_channel_slices

    _, conv = _convolution(output, kernel, stride, channels, features)
    for target, want in ((ZEN3_L2, zen3), (WIDE, wide)):
        size = tile_block_size(conv, target)
        rows = chunk_rows(conv, size, target, 1, set())
        monkeypatch.setattr(blocked_filters, "INPUT_CHANNEL_SLICES", True)
        assert input_channel_slices(conv, size, target, rows, set(), threads=2) == want
        assert input_channel_slices(conv, size, target, rows, set(), threads=1) == 1  # CHANNEL_SLICE_MIN_THREADS
        monkeypatch.setattr(blocked_filters, "INPUT_CHANNEL_SLICES", False)
        assert input_channel_slices(conv, size, target, rows, set(), threads=2) == 1


@pytest.mark.parametrize(("pipeline", "threads"), [("microkernel", 1), ("microkernel-openmp", 2), ("default", 1)])
@pytest.mark.parametrize("target", ["zen3", "wide"])
def test_input_channel_slices_compute_the_same(pipeline, threads, target):
    """n81 (28 x 28 -> 14 x 14, 256 -> 256, stride 2) with its bias broadcast and ReLU, its input
    channels in slices outside the blocks (the bias in the first slice's loop, the ReLU in the
    last's): the same as the HWCF convolution through `default`."""
    rng = np.random.default_rng(41)
    module, conv = _convolution((14, 14), 3, 2, 256, 256)
    x = rng.standard_normal(tuple(conv.operands[0].type.get_shape()), dtype=np.float32)
    w = rng.standard_normal((256, 256, 3, 3), dtype=np.float32) * 0.05
    b = rng.standard_normal(256, dtype=np.float32)
    want = compile_module(parse(str(module)), "layer", "default")(x, np.ascontiguousarray(w.transpose(2, 3, 1, 0)), b)
    assert block_filters(module, ZEN3_L2 if target == "zen3" else WIDE, threads=threads, channel_slices=True) == 1
    foralls = [op for op in module.walk() if op.name == "scf.forall"]
    assert len(foralls) == (4 if target == "zen3" else 2)
    blocked = permute_weights({"x": x, "w": w, "b": b}, 0, weight_layouts(module, "layer"), weight_shapes(module, "layer"))
    got = compile_module(module, "layer", pipeline, threads=threads)(*blocked.values())
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-3)
