"""Convolutions fused op by op split in two column ranges (xfuse/backends/schedules/column_split.py).

- Which are split: an odd width whose dividing tile scores far below the best split (27 columns:
  9x8 against 6x16 + 3x16; 13 columns: 13x8, half a cache line of filter per step, against 5x16 +
  3x16; 14 columns: 2x32, two cache lines of filter per step streamed from L2, against 5x16 +
  4x16, where the input and a 16-channel panel fit L2), only when the convolution is fused op
  by op; not 55 columns (5x16 divides), a 1x1 convolution, or one `transform.structured.fuse`
  splits.
- The decision (`row_split_tile`) and the filter blocks it sizes (`flat_pixels.dividing_tile`).
- Into what: two convolutions on the input columns their windows read, each with its slice of
  the bias and the ReLU on its slice, inserted into one result.
- Differential: split layers (3x3 and 5x3, stride 2, dilation 2, batch 2, a residual add and
  ReLU after them) through `microkernel` and `microkernel-openmp` against `default`.
- The chunked parts of ResNet-50's 7x7 512-channel blocks (`conv.CHUNK_HALF_L2_PANELS`), their
  3x16 part in tiles of two output rows (`conv_rows.chunk_tile_rows`), against `default`.
"""

import re

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules import column_split
from xfuse.backends.schedules.column_split import row_split_tile, split_convolution_columns
from xfuse.backends.schedules.flat_pixels import dividing_tile
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, layer_module

AVX2 = CpuTarget("znver3", 256, 16, True, l2_bytes=512 * 1024)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _with_bias_broadcast(layer: ConvLayer) -> str:
    """The layer's text with its bias as a `linalg.broadcast`, as xfuse.onnx gives a network's
    convolutions (random_convs.py writes a generic, which the parts cannot make per slice)."""
    text = layer.text()
    bias = re.search(r"%bias = linalg.generic .*?ins\(%b : (tensor<\d+xf32>)\) outs\(%empty : (tensor<[^>]*>)\).*?\} -> tensor<[^>]*>",
                     text, re.S)
    broadcast = f"%bias = linalg.broadcast ins(%b : {bias[1]}) outs(%empty : {bias[2]}) dimensions = [0, 1, 2]"
    return text[:bias.start()] + broadcast + text[bias.end():]


def _convs(module):
    return [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]


@pytest.mark.parametrize(("layer", "widths"), [
    (ConvLayer(1, 29, 29, 32, 128, (3, 3), input_relu=True, relu=True), (24, 3)),   # SqueezeNet's 27-wide expand
    (ConvLayer(1, 57, 57, 16, 64, (3, 3), input_relu=True, relu=True), (55,)),      # 5x16 divides 55
    (ConvLayer(1, 15, 15, 48, 64, (3, 3), input_relu=True, relu=True), (10, 3)),    # SqueezeNet's 13-wide expand
    (ConvLayer(1, 9, 9, 64, 64, (3, 3), input_relu=True, relu=True), (4, 3)),       # 7x8 against 4x16 + 3x16
    (ConvLayer(1, 16, 16, 64, 64, (3, 3), input_relu=True, relu=True), (10, 4)),    # 2x32 streams its filter
    (ConvLayer(1, 16, 16, 256, 256, (3, 3), input_relu=True, relu=True), (10, 4)),  # ResNet-50's: 262 + 147 KiB fit L2
    (ConvLayer(1, 16, 16, 512, 512, (3, 3), input_relu=True, relu=True), (14,)),    # VGG-19's: 524 KiB of input do not
    (ConvLayer(1, 27, 27, 32, 128, (1, 1), input_relu=True, relu=True), (27,)),     # 1x1: flat_pixels.py's
    (ConvLayer(1, 113, 113, 3, 64, (3, 3), input_relu=True, relu=True), (108, 3)),  # SqueezeNet's first layer: 3x16 divides
    (ConvLayer(1, 113, 113, 3, 64, (3, 3)), (111,)),  # fused with transform.structured.fuse, which splits the width itself
])
def test_which_convolutions_are_split(layer, widths):
    module = parse(_with_bias_broadcast(layer))
    assert split_convolution_columns(module, AVX2) == (len(widths) > 1)
    convs = _convs(module)
    assert tuple(conv.results[0].type.get_shape()[2] for conv in convs) == widths
    if len(widths) > 1:
        # each part reads the input columns its windows cover: 24 outputs read 26 columns, 3 read 5 from column 24
        inputs = [conv.operands[0].op for conv in convs]
        assert [list(op.static_offsets.get_values())[2] for op in inputs] == [0, widths[0]]
        assert [op.results[0].type.get_shape()[2] for op in inputs] == [widths[0] + 2, widths[1] + 2]
        # each part starts from its own slice of the bias, and its ReLU is on its slice
        assert all(conv.operands[2].op.name == "linalg.broadcast" for conv in convs)
        relus = [next(iter(conv.results[0].uses)).operation for conv in convs]
        assert all(op.name == "linalg.generic" for op in relus)
        inserts = [op for op in module.walk() if op.name == "tensor.insert_slice"]
        assert [list(op.static_offsets.get_values())[2] for op in inserts] == [0, widths[0]]
        assert inserts[1].operands[1] is inserts[0].results[0]


def test_a_strided_1x1_convolution_is_split(monkeypatch):
    """`STRIDED_POINTWISE`: a stride-2 1x1 layer to 7 columns (ResNet-50's 1024 -> 2048 shortcut),
    whose pixels flat_pixels.py cannot flatten, as 4 + 3 columns (4x16 + 3x16 against 7x8), each
    part on every second input column from its own; off, left whole."""
    layer = ConvLayer(1, 14, 14, 64, 64, (1, 1), stride=2, input_relu=True, relu=True)
    module = parse(_with_bias_broadcast(layer))
    assert split_convolution_columns(module, AVX2) == 1
    convs = _convs(module)
    assert [conv.results[0].type.get_shape()[2] for conv in convs] == [4, 3]
    inputs = [conv.operands[0].op for conv in convs]
    assert [list(op.static_offsets.get_values())[2] for op in inputs] == [0, 8]
    assert [op.results[0].type.get_shape()[2] for op in inputs] == [7, 5]
    monkeypatch.setattr(column_split, "STRIDED_POINTWISE", False)
    assert split_convolution_columns(parse(_with_bias_broadcast(layer)), AVX2) == 0


@pytest.mark.parametrize(("width", "channels", "split"), [
    (13, 256, (5, 16, 10, 3)),   # 13x8 as loaded 0.76 (0.87 by its half-line loads), the split 0.95
    (13, 64, (5, 16, 10, 3)),
    (7, 512, (4, 16, 4, 3)),     # 7x8 0.56 as loaded, 4x16 + 3x16 0.81
    (27, 128, (6, 16, 24, 3)),   # 9x8 against 6x16 + 3x16 (the ninth session's rule took it too)
    (111, 64, (6, 16, 108, 3)),  # 3x16 divides: whole lines, 6 accumulators
    (14, 256, (5, 16, 10, 4)),   # 2x32 divides with whole lines, two a step: 0.8, the split 1.08
    (14, 32, (5, 16, 10, 4)),    # DenseNet-121's 3x3 growth layers
    (28, 256, None),             # 4x16 divides, one line a step
    (55, 64, None),              # 5x16 divides
    (13, 40, None),              # no 16-lane tile
])
def test_the_split_is_scored_against_the_dividing_tile_as_loaded(width, channels, split, monkeypatch):
    tile = row_split_tile(width, channels, 32, AVX2)
    assert (tile and (tile.mr, tile.nr, tile.split_rows, tile.remainder)) == split
    monkeypatch.setattr(column_split, "CHARGE_AS_LOADED", False)
    if width in (13, 7):  # the dividing tile's plain score (half a line as if whole) kept them whole
        assert row_split_tile(width, channels, 32, AVX2) is None
    monkeypatch.setattr(column_split, "CHARGE_AS_LOADED", True)
    monkeypatch.setattr(column_split, "SPLIT_STREAMING_TILES", False)
    if width == 14:  # scored against choose_conv_tile's splits of 12 accumulators only: none
        assert row_split_tile(width, channels, 32, AVX2) is None


def test_filter_blocks_take_the_split_tile_width():
    """xfuse-block-filters sizes a block by `dividing_tile`: 16 channels for a 13-wide row that
    column_split.py splits into 5x16 + 3x16 (8, 13x8's width, otherwise)."""
    conv = _convs(parse(_with_bias_broadcast(ConvLayer(1, 15, 15, 64, 256, (3, 3), input_relu=True, relu=True))))[0]
    assert dividing_tile(conv, 64, AVX2).nr == 16
    column_split.COLUMN_SPLIT_ENABLED = False
    try:
        assert dividing_tile(conv, 64, AVX2).nr == 8
    finally:
        column_split.COLUMN_SPLIT_ENABLED = True


SPLIT_LAYERS = [
    pytest.param(ConvLayer(1, 15, 15, 8, 32, (3, 3), input_relu=True, relu=True), id="3x3-13"),
    pytest.param(ConvLayer(1, 9, 9, 16, 32, (3, 3), input_relu=True, relu=True), id="3x3-7"),
    pytest.param(ConvLayer(1, 29, 29, 8, 32, (3, 3), input_relu=True, relu=True), id="3x3-27"),
    pytest.param(ConvLayer(1, 16, 16, 16, 64, (3, 3), input_relu=True, relu=True), id="3x3-14"),
    pytest.param(ConvLayer(2, 31, 29, 8, 32, (5, 3), input_relu=True, residual=True, relu=True), id="5x3-batch2-residual"),
    pytest.param(ConvLayer(1, 55, 55, 8, 32, (3, 3), stride=2, input_relu=True, relu=True), id="stride2-27"),
    pytest.param(ConvLayer(1, 31, 31, 8, 32, (3, 3), dilation=2, input_relu=True, relu=True), id="dilation2-27"),
    pytest.param(ConvLayer(1, 14, 14, 16, 32, (1, 1), stride=2, input_relu=True, residual=True, relu=True),
                 id="1x1-stride2-7"),
]


@pytest.mark.parametrize("layer", SPLIT_LAYERS)
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_layers_agree_with_the_reference(layer, pipeline):
    if host_target().vector_registers != 16:
        pytest.skip(f"the widths are chosen for 16-register targets (host: {host_target()})")
    text = _with_bias_broadcast(layer)
    assert split_convolution_columns(parse(text), host_target()) == 1
    candidate, reference = compile_module(text, "conv", pipeline), compile_module(text, "conv", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg=str(layer))


def test_a_computed_init_is_left_alone():
    """random_convs.py's bias generic: the parts could not make it per slice."""
    layer = ConvLayer(1, 29, 29, 32, 128, (3, 3), input_relu=True, relu=True)
    assert split_convolution_columns(layer_module(layer), AVX2) == 0


def _blocked_7x7(channels_out: int, target: CpuTarget, height: int = 7):
    """ResNet-50's 7x7 3x3 512-channel layer (input ReLU, pad, convolution + bias, ReLU), its
    filter blocked by xfuse-block-filters for `target` (blocks of 16 channels on AVX2: the 4x16
    tile of the split); `height` rows instead of 7."""
    from xfuse.transforms.layout.blocked_filters import block_filters

    layer = ConvLayer(1, height, 7, 512, channels_out, (3, 3), padding=1, input_relu=True, relu=True)
    filter_type = f"tensor<3x3x512x{channels_out}xf32>"
    text = _with_bias_broadcast(layer).replace(
        f"%w: {filter_type}", f"%w: {filter_type} {{xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}}")
    module = parse(text)
    assert block_filters(module, target) == 1
    return module


def test_panels_over_half_of_l2_are_split_and_chunked(monkeypatch):
    """Zen 3 (512 KiB L2): the 7x7 3x3 512 -> 512 layer's 295 KiB panels of 16 channels walk their
    reduction in chunks of one tap x 128 channels outside the register tiles
    (`conv.CHUNK_HALF_L2_PANELS`), and the block's convolution is still split 4 + 3 columns
    (`SPLIT_CHUNKED`: 4x16 + 3x16, not 7x8), each part with its ReLU after it, not in its tiles.
    Off: the parts fuse their ReLUs and each of the 14 tiles walks the whole panel. Not where the
    input does not fit L2 beside the panel (ZFNet-512's 12-wide layers)."""
    from xfuse.backends.schedules import conv as conv_schedule
    from xfuse.backends.schedules.conv import plan_convolutions

    def plan():
        module = _blocked_7x7(512, AVX2)
        split = split_convolution_columns(module, AVX2)
        groups = [g for g in plan_convolutions(module, AVX2) if g.kind == "conv"]
        return split, sorted(((g.tile.mr, g.tile.nr), g.reduction_chunk, g.root_is_conv) for g in groups)

    assert plan() == (1, [((3, 16), 128, True), ((4, 16), 128, True)])
    monkeypatch.setattr(column_split, "SPLIT_CHUNKED", False)
    assert plan() == (0, [((7, 8), 128, True)])
    monkeypatch.setattr(column_split, "SPLIT_CHUNKED", True)
    monkeypatch.setattr(conv_schedule, "CHUNK_HALF_L2_PANELS", False)
    assert plan() == (1, [((3, 16), 0, False), ((4, 16), 0, False)])
    monkeypatch.setattr(conv_schedule, "CHUNK_HALF_L2_PANELS", True)
    # ZFNet-512's 12-wide 512-channel layer: its 401 KiB input does not fit L2 beside the panel
    from xfuse.transforms.layout.blocked_filters import block_filters

    layer = ConvLayer(1, 12, 12, 512, 64, (3, 3), padding=1, input_relu=True, relu=True)
    text = _with_bias_broadcast(layer).replace(
        "%w: tensor<3x3x512x64xf32>", "%w: tensor<3x3x512x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}")
    module = parse(text)
    assert block_filters(module, AVX2) == 1
    split_convolution_columns(module, AVX2)
    assert all(g.reduction_chunk == 0 for g in plan_convolutions(module, AVX2) if g.kind == "conv")
    # an L2 of 1 MiB keeps 512 KiB as the bound: unchanged
    big = CpuTarget("znver3", 256, 16, True, l2_bytes=1 << 20)
    module = _blocked_7x7(512, big)
    split_convolution_columns(module, big)
    assert all(g.reduction_chunk == 0 for g in plan_convolutions(module, big) if g.kind == "conv")


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_chunked_split_blocks_agree_with_the_reference(pipeline, monkeypatch):
    """The chunked 4 + 3 parts (64 output channels: four blocks of 16) against `default`, without
    conv_borders.py's pieces (which are not chunked), as in the networks' blocks."""
    _without_border_pieces(monkeypatch)
    target = host_target()
    if target.vector_registers != 16 or target.l2_bytes > 590 * 1024:
        pytest.skip(f"chunks 295 KiB panels on 16-register targets with L2 under 590 KiB (host: {target})")
    module = _blocked_7x7(64, target)
    candidate, reference = compile_module(module, "conv", pipeline), compile_module(_blocked_7x7(64, target), "conv",
                                                                                    "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_latency_bound_chunked_parts_take_two_row_tiles(monkeypatch):
    """The chunked 3x16 part (6 accumulators, under `MIN_ACCUMULATORS`) of the 7x7 blocks takes
    register tiles of 2 rows x 3 pixels x 16 channels (12 accumulators) over rows 0-5 and one-row
    tiles for row 6 (`conv_rows.chunk_tile_rows`): the schedule splits the rows after 6, tiles the
    first part [1, 2, 3, 16] and marks it for the row loop inside the reduction loops. The 4x16
    part (8 accumulators) keeps one row; an even height is not split; off
    (`TWO_ROW_CHUNKS`): one row everywhere; not without chunks."""
    from xfuse.backends.schedules import conv as conv_schedule
    from xfuse.backends.schedules import conv_rows
    from xfuse.backends.schedules.conv import conv_schedule_bodies, plan_convolutions
    from xfuse.backends.schedules.conv_rows import ROWS_ATTR

    monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", True)

    def plan(height=7):
        module = _blocked_7x7(512, AVX2, height)
        split_convolution_columns(module, AVX2)
        groups = [g for g in plan_convolutions(module, AVX2) if g.kind == "conv"]
        return groups, sorted(((g.tile.mr, g.tile.nr), g.reduction_chunk, g.rows, g.row_split) for g in groups)

    groups, planned = plan()
    assert planned == [((3, 16), 128, 2, 6), ((4, 16), 128, 1, 0)]
    (body,) = conv_schedule_bodies(groups)
    assert "split %op after 6 {dimension = 1}" in body
    assert "tile_sizes [1, 2, 3, 16]" in body and "tile_sizes [1, 1, 3, 16]" in body
    assert f'"{ROWS_ATTR}"' in body and "tile_using_for %crowed" in body and "transform.loop.unroll %crow_loops" in body
    assert plan(8)[1] == [((3, 16), 128, 2, 0), ((4, 16), 128, 1, 0)]
    monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", False)
    groups, planned = plan()
    assert planned == [((3, 16), 128, 1, 0), ((4, 16), 128, 1, 0)]
    assert ROWS_ATTR not in conv_schedule_bodies(groups)[0]
    monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", True)
    monkeypatch.setattr(conv_schedule, "CHUNK_HALF_L2_PANELS", False)
    assert all(g.rows == 1 for g in plan()[0])


def _without_border_pieces(monkeypatch):
    """conv_borders.py off, as in the networks' blocks: it would cut the layer into border pieces,
    none of them chunked."""
    from xfuse.backends.in_place import conv_borders

    monkeypatch.setattr(conv_borders, "CONV_BORDERS_ENABLED", False)


@pytest.mark.parametrize("height", [7, 8])
def test_two_row_tiles_agree_with_the_reference(height, monkeypatch):
    """Two-row tiles of the chunked 3x16 part, over rows 0-5 and row 6 alone (7 rows) or over all
    8, against `default` (the unrolled row loop's two accumulators hoisted from the K loop)."""
    from xfuse.backends.schedules import conv_rows

    monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", True)
    _without_border_pieces(monkeypatch)
    target = host_target()
    if target.vector_registers != 16 or target.l2_bytes > 590 * 1024:
        pytest.skip(f"chunks 295 KiB panels on 16-register targets with L2 under 590 KiB (host: {target})")
    candidate = compile_module(_blocked_7x7(64, target, height), "conv", "microkernel")
    reference = compile_module(_blocked_7x7(64, target, height), "conv", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_two_row_tiles_allocate_what_one_row_tiles_do(monkeypatch):
    """The two-row tiles' slice folds (`conv_rows.row_subset_folds`) apply to the group's tile
    loops only: over the whole function, `merge_consecutive_insert_extract_slice` also merged
    each column part's destination out of its block's slice (an `extract_slice` of the whole
    result), and bufferization gave every block a buffer of its own and a copy (here 4 x 7x7x16
    floats; in ResNet-50 332 allocations a call, in Winograd's blocks and xfuse-block-filters'
    blocks too, and its arena 5.02 MiB against 4.98). One call of each build: the same
    allocations, the same arena."""
    from xfuse.backends.schedules import conv_rows

    _without_border_pieces(monkeypatch)
    target = host_target()
    if target.vector_registers != 16 or target.l2_bytes > 590 * 1024:
        pytest.skip(f"chunks 295 KiB panels on 16-register targets with L2 under 590 KiB (host: {target})")
    plans = []
    for two_rows in (False, True):
        monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", two_rows)
        compiled = compile_module(_blocked_7x7(64, target), "conv", "microkernel")
        compiled(*random_inputs(compiled.signature, seed=0))
        plans.append(compiled.arena_pool().plan)
    one_row, two_row = plans
    assert sorted(two_row.slots["bytes"]) == sorted(one_row.slots["bytes"])
    assert two_row.bytes == one_row.bytes


def test_two_row_tiles_keep_both_rows_accumulators_in_registers(monkeypatch, tmp_path):
    """After the schedule (the transform interpreter alone, on what the `microkernel` pipeline
    gives mlir-opt), the two-row tiles' K loop carries both rows' accumulators as vectors (two
    `vector<3x16xf32>` iter_args), none as a tensor it reads and writes per step: the row loop's
    slices folded into the transfers and its offsets folded to constants (`conv_rows`), or
    `hoist_loop_invariant_subsets` keeps only the first row's."""
    import shutil
    import subprocess

    from xfuse.backends import runner
    from xfuse.backends.schedules import conv_rows

    monkeypatch.setattr(conv_rows, "TWO_ROW_CHUNKS", True)

    target = host_target()
    if target.vector_registers != 16 or target.l2_bytes > 590 * 1024:
        pytest.skip(f"chunks 295 KiB panels on 16-register targets with L2 under 590 KiB (host: {target})")
    run_tool = runner._run_tool

    def keep_inputs(command, work, stage, stdin=None):
        if stage == "mlir-opt":
            for name in ("input.mlir", "transforms.mlir"):
                shutil.copy(work / name, tmp_path / name)
        return run_tool(command, work, stage, stdin)

    monkeypatch.setattr(runner, "_run_tool", keep_inputs)
    _without_border_pieces(monkeypatch)
    compile_module(_blocked_7x7(64, target), "conv", "microkernel", cache=False)
    library = tmp_path / "transforms.mlir"
    scheduled = subprocess.run(
        [str(runner.tool_path("mlir-opt")), str(tmp_path / "input.mlir"),
         f"--pass-pipeline=builtin.module(transform-preload-library{{transform-library-paths={library}}},"
         "transform-interpreter)"], capture_output=True, text=True, check=True).stdout
    k_loops = re.findall(r"scf\.for .* step %c4 iter_args\(.*\) -> \((.*)\) \{", scheduled)
    assert "vector<3x16xf32>, vector<3x16xf32>" in k_loops, k_loops
    assert not any("tensor<1x2x3x16xf32>" in carried for carried in k_loops), k_loops
