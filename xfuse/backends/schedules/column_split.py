"""Convolutions fused op by op whose width only a poor register tile divides, split in two column ranges.

A convolution the schedule fuses op by op (its input has a linalg producer, or its ReLU or
residual add is fused into its register tiles: `conv.takes_a_dividing_tile`) gets a tile that
divides its output width; `transform.structured.split` of the width, which the other
convolutions get, does not compose with that fusion. An odd width has few dividing tiles:
SqueezeNet's 27-wide 3x3 layers got 9x8 (9 broadcasts and half a cache line of filter per 9
FMAs) and its 111-wide first layer 3x16 (6 accumulators, under the FMA units' latency). The
rewrite does the split in the IR, as `flat_pixels._pixel_split` does over pixels: the output
columns `[0, S)`, which the best splitting tile covers (`choose_conv_tile` with a remainder:
6x16 for 24 of 27 columns), and `[S, W)` become two convolutions, each on the columns of the
input its windows read, with its own copy of the init (a fill or bias broadcast on its slice,
`conv_borders.piecewise_start`; a convolution with another computed init is left alone) and
the chain on its slice, inserted into one result. Each is
then an ordinary dividing problem for the op-by-op fusion. Only where the split's score
(`MicroTile.row_weighted_fmas_per_load`, the parts' times added) is `MIN_GAIN` times the
dividing tile's or more; a 1x1 convolution is left to flat_pixels.py.

The dividing tile is charged what it loads (`_as_loaded`): a filter row of 8 lanes on AVX2 is
half a cache line, weighed as the whole line (`MicroTile.fmas_per_line_load`), and every split
whose head tile has `MIN_ACCUMULATORS` competes (`_best_split`), not only those of
`SPLIT_ACCUMULATORS`. SqueezeNet's 13-wide 3x3 layers (13x8: 0.87 by plain loads, 0.76 as
loaded) are split 10 + 3 (5x16 + 3x16, 0.95), Inception-v1's 13-wide and ResNet-50's and
Inception-v2's 7-wide 3x3 layers 4 + 3 (7x8 against 4x16 + 3x16). A dividing tile of whole
lines is scored as before, unless it streams its filter (`_streams_filter`: AVX2's 2x32, two
lines per K step from L2) and the input and a 16-channel panel fit L2 together
(`_input_and_panel_fit_l2`): then every split competes too, and the 14-wide 3x3 layers of
ResNet-50 and Inception-v2 are split 10 + 4 (5x16 + 4x16, 1.08 against 0.8; eleventh session:
Inception-v2 4-10% faster, ResNet-50 2-9%). A stride-1 1x1 convolution is flat_pixels.py's; a
strided one, whose pixels do not flatten, is split here like the others (`STRIDED_POINTWISE`). A
convolution in a block loop whose reduction conv.py walks in chunks (`conv.chunked_in_loop`: its
chain runs after it, so it is not fused op by op) is split too (`SPLIT_CHUNKED`): ResNet-50's
7x7 3x3 512-channel blocks on Zen 3, whose 295 KiB panels are over half of L2, are 4x16 + 3x16
over the chunks rather than 7x8. Such convolutions are in
xfuse-block-filters' blocks, which `flat_pixels.dividing_tile` sizes by the split's tile (16
channels, not 13x8's 8). Zen 3, one thread, interleaved: the 13x13 64 -> 256 layer 0.99 -> 0.85
ms median, SqueezeNet 1.23x -> 1.14x onnxruntime (docs/backend-measurements.md, "Zen 3, tenth
session").

Called by the micro-kernel pipelines (`Pipeline.for_module`) after flat_pixels.py, before the
convolutions are planned.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.conv_borders import piecewise_start, write_piece
from xfuse.backends.schedules.conv import choose_conv_tile, schedulable, takes_a_dividing_tile
from xfuse.backends.schedules.micro_tile import (
    CACHE_LINE_BITS,
    MAX_MR,
    MIN_ACCUMULATORS,
    SPLIT_BY_TIME_MAX_REGISTERS,
    TILE_VECTORS,
    MicroTile,
    conv_b_load_weight,
)
from xfuse.backends.target import CpuTarget
from xfuse.transforms.layout.blocked_filters import input_and_panel_fit_l2
from xfuse.transforms.layout.slice_loops import elementwise_chain, erase_with_dead_inits, private_init

COLUMN_SPLIT_ENABLED = True
"""Whether the micro-kernel pipelines split (off: an A/B in one process)."""

MIN_GAIN = 1.2
"""The least ratio of the split's score to the dividing tile's: a second convolution rereads its
border columns and has loops of its own (SqueezeNet's 27-wide rows: 1.34; its 111-wide: 1.82;
the 55-wide rows' 5x16 divides and scores above any split)."""

CHARGE_AS_LOADED = True
"""Score the dividing tile as it loads its filter (`_as_loaded`: a row of 8 lanes is half a
cache line) and let every split of `MIN_ACCUMULATORS` compete (`_best_split`); off: the
ninth session's rule (the dividing tile's plain score against `choose_conv_tile`'s split), for
an A/B in one process."""

SPLIT_STREAMING_TILES = True
"""Let every split of `MIN_ACCUMULATORS` compete (`_best_split`) with a dividing tile of whole
lines too when that tile streams its filter (`_streams_filter`: more than one cache line per K
step, AVX2's 2x32 on 14-wide rows); off: such a tile is scored against `choose_conv_tile`'s
split only, as before the eleventh session (an A/B in one process)."""

STRIDED_POINTWISE = True
"""Whether a strided 1x1 convolution is split like any other (`_left_to_flat_pixels`): ResNet-50's
stride-2 1024 -> 512 and 1024 -> 2048 layers to 7x7 get 7x8 over their 7-wide rows (7
accumulators, half a line of filter per step) and their pixels do not flatten; split 4 + 3
(4x16 + 3x16, blocks of 16, 1.45x the score). Off: left to their rows' tile, as before."""


def split_columns(conv: Operation, target: CpuTarget) -> int:
    """The output columns of the first part when `conv` is split (module docstring), else 0."""
    tile = split_tile(conv, target)
    return tile.split_rows if tile is not None else 0


def split_tile(conv: Operation, target: CpuTarget, channels: int | None = None) -> MicroTile | None:
    """The splitting tile of `conv`'s rows when it is split (module docstring), else None;
    `channels`: of the convolution on a block of that many output channels (xfuse-block-filters
    sizes its blocks by it, `flat_pixels.dividing_tile`)."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return None
    if _left_to_flat_pixels(conv) or not (takes_a_dividing_tile(conv, target) or _chunked_in_loop(conv, target)):
        return None
    if piecewise_start(conv.operands[2]) is None and isinstance(conv.operands[2], OpResult):
        return None  # an init the parts could not make per slice would stay a pass of its own
    result = conv.results[0].type
    width, bits = result.get_shape()[2], result.element_type.bitwidth
    return row_split_tile(width, channels or result.get_shape()[3], bits, target,
                          streaming=_input_and_panel_fit_l2(conv, target))


SPLIT_CHUNKED = True
"""Split a convolution whose reduction conv.py walks in chunks outside its register tiles
(`conv.chunked_in_loop`: its chain is not fused, so it is not fused op by op) like those fused op
by op (`split_tile`); off: it keeps the dividing tile (7x8 on ResNet-50's 7-wide rows), an A/B switch."""


def _chunked_in_loop(conv: Operation, target: CpuTarget) -> bool:
    from xfuse.backends.schedules.conv import chunked_in_loop

    return SPLIT_CHUNKED and chunked_in_loop(conv, target)


def _left_to_flat_pixels(conv: Operation) -> bool:
    """A 1x1 convolution that flat_pixels.py takes over its flattened pixels: every stride-1 one,
    and with `STRIDED_POINTWISE` off the strided ones too (whose pixels do not flatten: a stride
    skips them), which then keep their rows' dividing tile."""
    if tuple(conv.operands[1].type.get_shape()[:2]) != (1, 1):
        return False
    strides = conv.properties.get("strides") or conv.attributes.get("strides")
    return not STRIDED_POINTWISE or strides is None or all(s == 1 for s in strides.get_values())


def row_split_tile(width: int, channels: int, bits: int, target: CpuTarget,
                   streaming: bool = True) -> MicroTile | None:
    """The tile that covers the first columns of a `width x channels` output row, its remainder
    the rest, when its score (`MicroTile.row_weighted_fmas_per_load`, the parts' times added) is
    `MIN_GAIN` times the dividing tile's as loaded (`_as_loaded`) or more; else None.
    `streaming`: a dividing tile that streams its filter (`_streams_filter`) may be split."""
    dividing = choose_conv_tile(width, channels, bits, target, remainder=False)
    if dividing is None:
        return None
    streams = SPLIT_STREAMING_TILES and streaming and _streams_filter(dividing)
    if not CHARGE_AS_LOADED or dividing.whole_lines and not streams:
        split = choose_conv_tile(width, channels, bits, target)
        if split is None or not split.remainder or \
                split.row_weighted_fmas_per_load() < MIN_GAIN * dividing.row_weighted_fmas_per_load():
            return None
        return split
    split = _best_split(width, channels, bits, target)
    if split is None or split.row_weighted_fmas_per_load() < MIN_GAIN * _as_loaded(dividing):
        return None
    return split


def _streams_filter(tile: MicroTile) -> bool:
    """Whether `tile` reads more than one cache line of filter per K step on a target whose splits
    are scored by time (16 registers): AVX2's 2x32, two lines per 8 FMAs. A block's filter panel
    (`KH x KW x IC x 32` floats, 147 KiB for a 3x3 layer of 128 input channels) does not stay in
    L1, so each K step brings its 128 bytes from L2, whose 32 bytes a cycle are all that 8 FMAs
    (4 cycles on two FMA units) leave time for: the tile waits on L2, not on its loads as the
    score counts them. Zen 3, 3x3 160 -> 160 at 14x14 alone (ReLU, convolution + bias, ReLU):
    2x32 57.7 GFLOP/s, 5x16 on 10 columns + 4x16 on 4 in blocks of 16 78.7 (onnxruntime 82.3;
    docs/backend-measurements.md, "Zen 3, eleventh session")."""
    return tile.split_by_time and tile.nr * tile.element_bits > CACHE_LINE_BITS


def _input_and_panel_fit_l2(conv: Operation, target: CpuTarget) -> bool:
    """Whether `conv`'s input and the filter panel of a block of two vectors (the split's 16
    channels on AVX2) fit L2 together. The split halves a 2x32 tile's block, so every pass of the
    blocks over the input becomes two; from L2 that costs little (ResNet-50's 14x14 x 256 input,
    262 KiB, and a 147 KiB panel), from beyond it each pass streams the input again: VGG-19's
    14x14 x 512 layers (524 KiB padded) ran 2-3% slower as a network split, in both orders of an
    interleaved A/B, where Inception-v2 and ResNet-50 gained 4-10% (same section as
    `_streams_filter`; the bound is xfuse-block-filters' `chunk_rows` test)."""
    lanes = target.lanes(conv.operands[0].type.get_element_type().bitwidth)
    return input_and_panel_fit_l2(conv, 2 * lanes, target)


def _as_loaded(tile: MicroTile) -> float:
    """`tile`'s score with a row of filter narrower than a cache line charged as the whole line
    it loads (`MicroTile.fmas_per_line_load`), latency-bound as the split's parts are."""
    score = tile.fmas_per_line_load
    return score * min(1.0, tile.accumulators / MIN_ACCUMULATORS) if tile.split_by_time else score


def _best_split(width: int, channels: int, bits: int, target: CpuTarget) -> MicroTile | None:
    """The best tile of full vectors and `MIN_ACCUMULATORS` that leaves `width % MR` columns to a
    tile of their own (`MicroTile.row_weighted_fmas_per_load`), or None. Unlike
    `choose_conv_tile`'s splits, not only those of `SPLIT_ACCUMULATORS`: 13 columns get 5x16 on
    10 and 3x16 on 3 (modelled 0.95) rather than 6x16 and a latency-bound 1x16 (0.65)."""
    lanes = target.lanes(bits)
    weight = conv_b_load_weight(target)
    by_time = target.vector_registers <= SPLIT_BY_TIME_MAX_REGISTERS
    tiles = [MicroTile(mr, nr, lanes, split_rows=width - width % mr, remainder=width % mr, element_bits=bits,
                       b_load_weight=weight, split_by_time=by_time)
             for nr in (v * lanes for v in TILE_VECTORS) if channels % nr == 0
             for mr in range(2, min(width, MAX_MR) + 1) if width % mr]
    tiles = [t for t in tiles if t.registers <= target.vector_registers and t.accumulators >= MIN_ACCUMULATORS]
    return max(tiles, key=lambda t: (t.row_weighted_fmas_per_load(), t.accumulators, t.nr), default=None)


def _rewrite(conv: Operation, first: int) -> None:
    """Replace `conv` (and its chain) by its columns `[0, first)` and `[first, W)`."""
    source, filters, init = conv.operands
    n, height, width, channels = source.type.get_shape()
    _, oh, ow, oc = conv.results[0].type.get_shape()
    kw = filters.type.get_shape()[1]
    stride, dilation = (conv.window_parameter(name, 1) for name in ("strides", "dilations"))
    chain = elementwise_chain(conv.results[0], conv)
    start = piecewise_start(init)
    made: list[Operation] = []
    current: SSAValue = private_init(init, conv) if start is None else init.op.operands[-1] \
        if init.has_one_use() else _fresh_empty(init, made)
    for column, columns in ((0, first), (first, ow - first)):
        extent = (columns - 1) * stride + (kw - 1) * dilation + 1
        input_slice = ExtractSliceOp.from_static_parameters(source, [0, 0, column * stride, 0],
                                                            [n, height, extent, channels])
        made.append(input_slice)
        current = write_piece(conv, chain, start, current, [input_slice.results[0], filters],
                              [0, 0, column, 0], [n, oh, columns, oc], made)
    for op in made:
        op.location = conv.location
    Rewriter.insert_op(made, InsertPoint.before(conv))
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(current)
    erase_with_dead_inits(list(reversed(chain)))
    Rewriter.erase_op(conv)
    if start is not None and not init.uses:
        erase_with_dead_inits([init.op])


def _fresh_empty(init: SSAValue, made: list[Operation]) -> SSAValue:
    """A `tensor.empty` like `init` (a fill or broadcast other ops read too), appended to `made`."""
    made.append(EmptyOp([], init.type))
    return made[-1].results[0]


def split_convolution_columns(module: ModuleOp, target: CpuTarget) -> int:
    """Split every convolution of `module` that `split_columns` picks; how many were split."""
    if not COLUMN_SPLIT_ENABLED:
        return 0
    plans = [(op, split_columns(op, target)) for op in module.walk()]
    plans = [(op, first) for op, first in plans if first]
    for conv, first in plans:
        _rewrite(conv, first)
    return len(plans)
