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
from xfuse.backends.target import CpuTarget
from xfuse.transforms.layout.slice_loops import elementwise_chain, erase_with_dead_inits, private_init

COLUMN_SPLIT_ENABLED = True
"""Whether the micro-kernel pipelines split (off: an A/B in one process)."""

MIN_GAIN = 1.2
"""The least ratio of the split's score to the dividing tile's: a second convolution rereads its
border columns and has loops of its own (SqueezeNet's 27-wide rows: 1.34; its 111-wide: 1.82;
the 55-wide rows' 5x16 divides and scores above any split)."""


def split_columns(conv: Operation, target: CpuTarget) -> int:
    """The output columns of the first part when `conv` is split (module docstring), else 0."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return 0
    if tuple(conv.operands[1].type.get_shape()[:2]) == (1, 1) or not takes_a_dividing_tile(conv, target):
        return 0
    if piecewise_start(conv.operands[2]) is None and isinstance(conv.operands[2], OpResult):
        return 0  # an init the parts could not make per slice would stay a pass of its own
    result = conv.results[0].type
    width, channels, bits = result.get_shape()[2], result.get_shape()[3], result.element_type.bitwidth
    dividing = choose_conv_tile(width, channels, bits, target, remainder=False)
    split = choose_conv_tile(width, channels, bits, target)
    if dividing is None or split is None or not split.remainder:
        return 0
    if split.row_weighted_fmas_per_load() < MIN_GAIN * dividing.row_weighted_fmas_per_load():
        return 0
    return split.split_rows


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
