"""Convolutions whose output channels no full vector divides, split at the last multiple of one.

The register tiles of a convolution are `OCB` channels wide, a multiple of the vector width that
divides the channel count; SqueezeNet's classifier (`13 x 13 x 512 -> 1000`) has no 16-lane
tile, so all of it ran on 8-lane tiles at 56 GFLOP/s, a third of the other layers' speed and 35%
of the network's time. Split at 992 channels, the head gets full-width tiles and the 8-channel
tail its own narrow ones: two convolutions on slices of the filter and of the accumulator, each
written back into the accumulator with `tensor.insert_slice` (in place after bufferization).
At a function's top level the elementwise consumers (ReLU, residual add) are then a pass of
their own, no longer fused into the register tiles; for a convolution whose head is most of it,
that costs far less than it saves. In a slice loop (xfuse-nhwc's groups, xfuse-block-filters'
blocks: the chain is on one slice there already) each part applies the chain to its own channels
(`_chain_per_part`), and each part's schedule fuses it (ShuffleNet, one thread, two A/B pairs:
1.44x -> 1.34-1.38x onnxruntime).

On AVX2 (8 f32 lanes, half a cache line) a convolution whose channels are whole vectors but not
whole lines is split the same way at the last multiple of a line (`_line_split_head`), where the
cost model says its parts' tiles pay for the second convolution: SqueezeNet's classifier, in
`xfuse-block-filters`' blocks of 40 channels, got 13x8 tiles on all of them; split 32 + 8, the 32
channels get 6x16 on 168 of the 169 pixels (flat_pixels.py). Alone (input ReLU, convolution +
bias, ReLU through `xfuse.onnx.load`, one thread, on a loaded Zen 3): 3.72-4.10 -> 3.43-3.57 ms
fastest in three A/B runs (docs/backend-measurements.md, "SqueezeNet's classifier and pools").
At a function's top level too (`LINE_SPLIT_AT_TOP_LEVEL`), each part then applying the chain
after the convolution to its own channels as in a slice loop: RegNet-Y's 56- and 152-channel 1x1
layers, 48 + 8 and 144 + 8 (the network 0.91x / 0.93x of its time before at one / two threads;
docs/backend-measurements.md, "Zen 3, fourteenth session").

Matrix products with columns no full vector divides (the 1000 classes of a classifier) are split
the same way (`split_matmul_columns`), at the last multiple of four vectors, unless whole cache
lines divide them: a `1 x 2048 x 1000` product's 8-lane tiles each walk all 2048 rows of `B` and
use half of every cache line they fetch, the other half being the next tile's, long evicted by
then; split 960 + 40, with caches
flushed before each call: 0.49 -> 0.32 ms (992 + 8: 0.37 ms).

Called by the micro-kernel pipelines (`Pipeline.for_module`) before the convolutions and matrix
products are planned.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.ops import BroadcastOp
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp, InsertSliceOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.matmul import _in_tiled_loop, _is_plain_matmul
from xfuse.backends.schedules.micro_tile import CACHE_LINE_BITS, choose_micro_tile, choose_tile_at_any_width
from xfuse.backends.schedules.conv import schedulable
from xfuse.backends.schedules.flat_pixels import channels_tile_score
from xfuse.backends.target import CpuTarget
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.transforms.layout.slice_loops import (
    bias_broadcast,
    chain_on_slice,
    convolution_on,
    elementwise_chain,
    erase_with_dead_inits,
)

MIN_HEAD_FRACTION = 0.75
"""Split only when the full-width head is at least this share of the channels (1000 -> 992:
99%); below it (24 = 16 + 8 channels) the unfused epilogue and the second convolution's
overhead outweigh the wider tiles."""


LINE_SPLIT_AT_TOP_LEVEL = True
"""Whether a convolution at a function's top level (not in a slice loop) may take the line split
too (`_line_split_head`), each part then with its own copy of the elementwise chain after it
(`_chain_per_part`, as in a slice loop), so that neither loses its fused epilogue. RegNet-Y's 1x1
layers of 56 and 152 channels (7 and 19 vectors of 8, no block size of xfuse-block-filters: no
slice loop) had 14x8 tiles (half a line of filter and 14 broadcasts per 14 FMAs) at 38-46
GFLOP/s against onnxruntime's 60-67. A result of one pixel (a squeeze-excite's 1x1 layers) is
never split: each filter element is read once, whatever the tile. (A switch for A/B
measurements.)"""


LINE_SPLIT_TIME = 0.9
"""A convolution whose channels are whole vectors but not whole cache lines (AVX2's 40 = 32 + 8)
is split only where its parts' modelled time (`_line_split_head`) is at most this share of the
whole's: the second convolution rereads the input."""


def _line_split_head(conv: Operation, channels: int, bits: int, target: CpuTarget) -> int | None:
    """The head of whole cache lines (a multiple of `CACHE_LINE_BITS`) of a convolution whose
    `channels` are whole vectors narrower than that, when it is split (module docstring).

    In a slice loop (xfuse-block-filters' blocks, xfuse-nhwc's groups) or, with
    `LINE_SPLIT_AT_TOP_LEVEL`, at the top level, each part keeping the chain after the
    convolution in its register tiles; never on one pixel; and only where the parts'
    tiles (`flat_pixels.channels_tile_score`, the flattening and the pixel split included) take
    at most `LINE_SPLIT_TIME` of the whole's time, each part's time its channels over its score:
    SqueezeNet's classifier in blocks of 40 channels on AVX2, 13x8 tiles on the whole, 6x16 on
    168 of the 169 pixels of 32 channels and 13x8 on the other 8, 0.81 of the time. A head
    whose rows get no better tile (ShuffleNet's 136 channels at 7x7: 7x8 either way) stays whole."""
    line = CACHE_LINE_BITS // bits
    head = channels // line * line
    n, oh, ow, _ = conv.results[0].type.get_shape()
    if head < MIN_HEAD_FRACTION * channels or n * oh * ow == 1:
        return None
    if not (_in_tiled_loop(conv) or LINE_SPLIT_AT_TOP_LEVEL):
        return None
    whole, head_score, tail_score = (channels_tile_score(conv, c, target) for c in (channels, head, channels - head))
    if not (whole and head_score and tail_score):
        return None
    return head if head / head_score + (channels - head) / tail_score <= LINE_SPLIT_TIME * channels / whole else None


def _head_channels(conv: Operation, target: CpuTarget) -> int | None:
    """The channels of `conv`'s full-width head, or None when it is not split."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return None
    result = conv.results[0].type
    _, _, width, channels = result.get_shape()
    lanes = target.lanes(result.element_type.bitwidth)
    head = channels // lanes * lanes
    if channels % lanes == 0:
        bits = result.element_type.bitwidth
        if channels % (CACHE_LINE_BITS // bits) == 0:
            return None
        return _line_split_head(conv, channels, bits, target)
    if head < MIN_HEAD_FRACTION * channels:
        return None
    if choose_micro_tile(width, head, result.element_type.bitwidth, target) is None:
        return None
    return head


def _part(conv: Operation, accumulator, first: int, count: int) -> list[Operation]:
    """The ops computing channels `[first, first + count)` of `conv` into `accumulator`."""
    source, weights = conv.operands[:2]
    element = weights.type.get_element_type()
    kh, kw, ic, _ = weights.type.get_shape()
    n, oh, ow, _ = accumulator.type.get_shape()
    panel = ExtractSliceOp(weights, [0, 0, 0, first], [kh, kw, ic, count], [1] * 4,
                           TensorType(element, [kh, kw, ic, count]))
    init = ExtractSliceOp(accumulator, [0, 0, 0, first], [n, oh, ow, count], [1] * 4,
                          TensorType(element, [n, oh, ow, count]))
    operands, outputs = [source, panel.results[0]], [init.results[0]]
    part = convolution_on(conv, operands, outputs)
    insert = InsertSliceOp.from_static_parameters(part.results[0], accumulator, [0, 0, 0, first], [n, oh, ow, count])
    return [panel, init, part, insert]


def _biased_part(conv: Operation, accumulator, first: int, count: int, vector: SSAValue) -> list[Operation]:
    """`_part` for a convolution that starts from a bias broadcast: the part starts from its own
    broadcast of `vector[first:first + count]` (module doc) and is inserted into `accumulator`."""
    element = vector.type.get_element_type()
    n, oh, ow, _ = accumulator.type.get_shape()
    bias = ExtractSliceOp(vector, [first], [count], [1], TensorType(element, [count]))
    empty = EmptyOp([], TensorType(element, [n, oh, ow, count]))
    broadcast = BroadcastOp(bias.results[0], empty.results[0], DenseArrayBase.from_list(i64, [0, 1, 2]))
    panel, init, part, insert = _part(conv, accumulator, first, count)
    part.operands[2] = broadcast.results[0]
    init.erase()  # never inserted; erased, it no longer reads the accumulator
    return [bias, empty, broadcast, panel, part, insert]


def _split(op: Operation, head: int, total: int, part, chain_at_top: bool = False) -> None:
    """Replace `op` by `part(op, accumulator, first, count)` for `[0, head)` then `[head, total)`,
    the second writing into the first's result. A convolution that starts from a bias broadcast
    (`bias_broadcast`) gives each part its own broadcast of its slice of the bias, written into
    an empty tensor (in place after `eliminate-empty-tensors`): the parts' schedules fuse their
    broadcast into the register tiles, where a broadcast of the whole result would stay a pass of
    its own (ShuffleNet's 68-channel groups, split 64 + 4). The parts are inserted into what the
    broadcast wrote into. `chain_at_top`: the parts of a convolution at the top level take the
    chain after it too (`LINE_SPLIT_AT_TOP_LEVEL`), as they do in a slice loop."""
    bias = bias_broadcast(op.operands[2]) if part is _part else None
    chain = elementwise_chain(op.results[0], op) if part is _part and (_in_tiled_loop(op) or chain_at_top) else []
    if bias is not None:
        broadcast, vector = bias
        first = _biased_part(op, broadcast.operands[1], 0, head, vector)
        second = _biased_part(op, first[-1].results[0], head, total - head, vector)
    else:
        first = part(op, op.operands[2], 0, head)
        second = part(op, first[-1].results[0], head, total - head)
    for new in first + second:
        new.location = op.location
    if chain:
        _chain_per_part(op, chain, first, 0, head)
        _chain_per_part(op, chain, second, head, total - head)
    Rewriter.insert_op(first + second, InsertPoint.before(op))
    (chain[-1] if chain else op).results[0].replace_all_uses_with(second[-1].results[0])
    if chain:
        erase_with_dead_inits(list(reversed(chain)))
    Rewriter.erase_op(op)
    if bias is not None:
        Rewriter.erase_op(bias[0])


def _chain_per_part(conv: Operation, chain: list[Operation], ops: list[Operation], first: int, count: int) -> None:
    """Make the part `ops` (ending in its insert_slice) insert the `chain` applied to its
    channels instead of its raw result: in a slice loop (xfuse-nhwc's groups, the blocks of
    xfuse-block-filters) the chain after the convolution runs per part, so each part's schedule
    fuses it into its register tiles (ShuffleNet's ReLUs and residual adds after its 34-, 68- and
    136-channel groups, split 32 + 2, 64 + 4 and 128 + 8)."""
    insert = ops[-1]
    part_value = insert.operands[0]
    n, oh, ow, _ = conv.results[0].type.get_shape()
    element = conv.results[0].type.get_element_type()
    part_type = TensorType(element, [n, oh, ow, count])

    def slice_of(value: SSAValue) -> ExtractSliceOp:
        return ExtractSliceOp(value, [0, 0, 0, first], [n, oh, ow, count], [1] * 4, part_type)

    empty = EmptyOp([], part_type)
    empty.location = conv.location
    pieces: list[Operation] = []
    steps: list[Operation] = []
    value = chain_on_slice(chain, conv.results[0], part_value, slice_of, empty.results[0], steps, pieces)
    ops[-1:-1] = [empty, *pieces, *steps]
    insert.operands[0] = value


def _split_all(module: ModuleOp, name: str, head_of, dim: int, part, chain_at_top=lambda op: False) -> int:
    """`_split` every `name` op of `module` that `head_of` gives a head, along result dim `dim`."""
    count = 0
    for op in [op for op in module.walk() if op.name == name]:
        head = head_of(op)
        if head is not None:
            _split(op, head, op.results[0].type.get_shape()[dim], part, chain_at_top(op))
            count += 1
    return count


def split_channel_remainders(module: ModuleOp, target: CpuTarget) -> int:
    """Split every convolution of `module` whose channels end in a partial vector (module
    docstring); how many were split."""
    def whole_vectors(op: Operation) -> bool:  # a line split (`_line_split_head`)
        result = op.results[0].type
        return LINE_SPLIT_AT_TOP_LEVEL and result.get_shape()[3] % target.lanes(result.element_type.bitwidth) == 0

    return _split_all(module, "linalg.conv_2d_nhwc_hwcf", lambda op: _head_channels(op, target), 3, _part,
                      whole_vectors)


def _matmul_head_columns(matmul: Operation, target: CpuTarget) -> int | None:
    """The columns of `matmul`'s full-width head (a multiple of four vectors), or None when it is
    not split."""
    if not _is_plain_matmul(matmul):
        return None
    result = matmul.results[0].type
    columns, bits = result.get_shape()[1], result.element_type.bitwidth
    block = 4 * target.lanes(bits)
    head = columns // block * block
    # Tiles narrower than a cache line share lines with their neighbours (8-lane f32 tiles on
    # AVX2 too): split unless a multiple of one divides the columns.
    if columns % (CACHE_LINE_BITS // bits) == 0:
        return None  # a tile of whole cache lines divides the columns
    if head < MIN_HEAD_FRACTION * columns:  # the head is too small, unless the whole has no tile
        return _vector_head(result.get_shape()[0], columns, bits, target) if SPLIT_TILELESS_MATMULS else None
    return head


SPLIT_TILELESS_MATMULS = True
"""A matrix product whose columns no vector of any width divides (an odd count) and whose
four-vector head is below `MIN_HEAD_FRACTION` is split at the widest multiple of a vector that
gets a register tile (`_vector_head`), whatever its share: unsplit it has no register tile at all
and runs as scalar loops. The CRNN's classifier on AVX-512, `16 x 192 x 97` (97 = 64 + 33 was
refused; on AVX2 it was 96 + 1): split 96 + 1 (docs/backend-measurements.md, "CRNN (Zen 4,
nineteenth session)"). A switch for A/B measurements."""


def _vector_head(rows: int, columns: int, bits: int, target: CpuTarget) -> int | None:
    """The head of a `rows x columns` product that has no register tile at any vector width:
    the most columns, a multiple of a vector of the widest width that leaves some, that get a
    tile; None when the whole has a tile or no head does."""
    if choose_tile_at_any_width(rows, columns, bits, target) is not None:
        return None
    for narrower in target.narrower(128):
        lanes = narrower.lanes(bits)
        head = columns // lanes * lanes
        if 0 < head < columns and choose_tile_at_any_width(rows, head, bits, narrower) is not None:
            return head
    return None


def _columns(matmul: Operation, accumulator, first: int, count: int) -> list[Operation]:
    """The ops computing columns `[first, first + count)` of `matmul` into `accumulator`."""
    lhs, rhs = matmul.operands[:2]
    element = rhs.type.get_element_type()
    k = rhs.type.get_shape()[0]
    m = accumulator.type.get_shape()[0]
    panel = ExtractSliceOp(rhs, [0, first], [k, count], [1, 1], TensorType(element, [k, count]))
    init = ExtractSliceOp(accumulator, [0, first], [m, count], [1, 1], TensorType(element, [m, count]))
    part = MATMUL([lhs, panel.results[0]], [init.results[0]], [init.results[0].type])
    insert = InsertSliceOp.from_static_parameters(part.results[0], accumulator, [0, first], [m, count])
    return [panel, init, part, insert]


def split_matmul_columns(module: ModuleOp, target: CpuTarget) -> int:
    """Split every plain matrix product of `module` whose columns no cache line divides (module
    docstring); how many were split."""
    return _split_all(module, "linalg.matmul", lambda op: _matmul_head_columns(op, target), 1, _columns)
