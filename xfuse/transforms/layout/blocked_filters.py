"""`xfuse-block-filters`: large convolution filters in blocks of output channels.

A filter in HWCF keeps the `OCB` output channels a register tile reads for one `(kh, kw, ic)`
step in one row, and consecutive rows `F x 4` bytes apart (2 KiB for 512 channels). The panel of
`KH x KW x IC` such rows that a register tile rereads for every output row then maps to few L2
sets and does not stay in L2 (ResNet-50's 7x7, 512-channel 3x3 layer at 35 GFLOP/s, 2.9x
onnxruntime). MLAS packs its filters into blocks of output channels; so does this pass: a
filter argument in HWCF (`xfuse.weight_layout = 2, 3, 1, 0`, as `xfuse-nhwc` leaves it) that is
larger than the convolution's input and than `MIN_FILTER_BYTES` takes the layout
`F/B x KH x KW x IC x B` (the weight reshaped to `F/B x B x IC x KH x KW`, `xfuse.weight_shape`,
then permuted `0, 3, 4, 2, 1`), so each block is one contiguous panel, and the convolution
becomes an `scf.forall` over the blocks whose body is one convolution on the block's panel,
writing its `B` channels of the result (`tensor.parallel_insert_slice`). The parallel pipelines
run the blocks on several CPUs. On 16-register targets (AVX2) `B` is the width of the register
tile the convolution schedule takes for the block (`tile_block_size`), so that each tile reads
one contiguous run of its panel; there, smaller filters whose HWCF rows thrash L1 are blocked
too (`_thrashes_l1`). Where the input does not fit L2, the loop is over chunks of output rows
outside the blocks (`chunk_rows`), so that each chunk's input is read past L2 once, not once per
block, and each of two threads streams its own half of it.

Only arguments in xfuse-nhwc's HWCF layout qualify (they are weights whose layout the caller
applies at load time, as `xfuse.onnx`'s `Model` does).

What the convolution starts from and what follows it move into the loop body too, so that the
backend fuses them into the block's register tiles as it does for a convolution outside a loop:
a bias broadcast (`slice_loops.bias_broadcast`) becomes a broadcast of the block's slice of the
bias, and the elementwise chain after the convolution (`slice_loops.elementwise_chain`: ReLU, a residual add of a
tensor computed before it) runs on the block's result before it is inserted. Left outside, each
was a pass of its own over the whole result (ResNet-50: 34 blocked convolutions, their
broadcasts 3.7% of the call, their ReLUs and residual adds more).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, StringAttr, TensorType, i64
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.target import CpuTarget, host_target
from xfuse.transforms.layout.grouped_convs import HWCF
from xfuse.transforms.layout.slice_loops import (
    bias_broadcast,
    chain_on_slice,
    convolution_on,
    elementwise_chain,
    erase_with_dead_inits,
    private_init,
    slice_loop,
)
from xfuse.transforms.layout.weight_layout import (
    WEIGHT_TRANSFORM_ATTR,
    padded_blocks_transform,
    retype_weight_argument,
    set_weight_attr,
    uncalled_functions,
    weight_layout,
)

BLOCKS = ((64, 32), (48, 40))
"""Output channels per block, by tier (`block_size`): 64 is four 16-lane or eight 8-lane
vectors, two register tiles of the widest kind xfuse's schedule makes; 32 is one such tile
(Inception-v2's 160-, 224- and 352-channel layers). 48 (three vectors) and 40 (two and a half)
take the widths neither of those divides: 1000 classes as a convolution (SqueezeNet's last
layer, 13 x 13 x 512 -> 1000, 28% of its call: 75 GFLOP/s in HWCF, 98 in 25 blocks of 40; the
network 9.14 -> 8.74 ms at one thread), 144 channels."""
MIN_FILTER_BYTES = 256 * 1024
"""Smaller filters stay in L2 in HWCF too (on tile-wide targets, but for those whose rows thrash
L1: `_thrashes_l1`). (Filters smaller than their convolution's input were
once left in HWCF as well; VGG-19's 56x56, 256-channel 3x3 layers, 2.4 MB filters on 3.4 MB
inputs, ran at 74 GFLOP/s so, 140 in blocks: the network 353 -> 310 ms, the others unchanged.
The bound was 512 KiB until Inception-v2's 14x14, 576 -> 128..224 1x1 layers, 288-504 KiB
filters on a 441 KiB input, over L2 together: 85-90 GFLOP/s in HWCF, 105-110 in blocks.)"""
TILE_WIDE_MAX_REGISTERS = 16
"""Register files (AVX2, SSE) whose filter blocks of the first tier of `BLOCKS` are one register
tile wide (`tile_block_size`), as `blocked_weights.py`'s matmul panels are. A 7x8 tile in a
64-channel block reads 32 bytes of each 256-byte panel row, its `KH x KW x IC x 8` slice spread
over the whole panel (and, for ResNet-50's 7x7 layers, walked in reduction chunks because the
panel does not fit L2); in a block of 8 it reads one contiguous run. Zen 3, one thread, ReLU,
convolution + bias, residual add (where ResNet-50 has one) and ReLU as one ONNX model through
`xfuse.onnx.load`, CPU time, fastest of 25-40, interleaved (docs/backend-measurements.md, "Zen 3,
ninth session"): 3x3 512 -> 512 at 7x7 (7x8) 4.90 -> 4.20 and 5.20 -> 4.43 ms in blocks of 8 (a
third run, the blocks of 8 built first, 6.02 -> 6.23); 1x1 2048 -> 512 and 512 -> 2048 at 7x7
2.92 -> 2.65, 3.41 -> 3.09; 1x1 1024 -> 2048 stride 2 7.05 -> 6.12; 3x3 128 -> 128 at 28x28
(4x16) 4.51 -> 3.58 in blocks of 16; 3x3 256 -> 256 at 14x14 (2x32) 4.58 -> 4.26 in blocks of 32.
ResNet-50, both build orders: 152.8 -> 131.8 and 137.5 -> 125.3 ms fastest (1.12-1.17x
onnxruntime, from 1.25-1.35x). Larger register files keep the blocks of `block_size`: not
measured there."""
RESIDUAL_LINE_BLOCKS = False
"""On tile-wide targets, a 1x1 convolution blocked only because its HWCF rows thrash L1 (under
`MIN_FILTER_BYTES`) whose chain adds a residual keeps blocks of `block_size` (64 channels: four
register tiles, the channel loop innermost), not one tile wide (16): its tiles then read and
write four adjacent lines of each pixel in turn, where a 16-channel block touches one 64-byte
line per pixel, 1 KiB apart, a new 4 KiB page every 4-pixel tile (ResNet-50's 56x56 64 -> 256
expansions). Measured in the seventeenth session (docs/backend-measurements.md): off."""
PADDED_BLOCK_LINES = 1
"""On tile-wide targets (`TILE_WIDE_MAX_REGISTERS`), a filter whose output channels only a block of
the second tier of `BLOCKS` divides and no cache line does (SqueezeNet's 1000 classes: 25 blocks
of 40, each split 32 + 8 by the backend, their 16-channel halves of 160-byte rows straddling
cache lines) is padded with zero filters to the next multiple of this many cache lines of
channels and blocked that wide (`padded_blocks`): 1000 -> 1008, 63 blocks of 16, every tile
one line wide. 0: no padding. SqueezeNet, interleaved (docs/backend-measurements.md, fourteenth
session): 0.953-0.963x the time at one thread, 0.920-0.950x at two; 2 (blocks of 32) level with 1."""
MAX_PADDING_SHARE = 1 / 32
"""Pad (`PADDED_BLOCK_LINES`) only when the zero channels are at most this share of the real
ones: they cost their share of the convolution's arithmetic."""
L1_WAY_BYTES = 4096
L1_WAYS = 8
"""The L1d geometry `_thrashes_l1` assumes: 4 KiB per way on every x86 core (32 KiB 8-way Zen 3
and Skylake, 48 KiB 12-way Ice Lake: an L1 indexed by the page offset), 8 ways the fewest."""


def _thrashes_l1(shape: tuple[int, ...], element_bytes: int) -> bool:
    """A register tile's slice of an HWCF filter (`KH x KW x IC` rows, one per reduction step,
    `F x element_bytes` apart) cannot stay in L1: rows that far apart start at only
    `L1_WAY_BYTES / gcd(stride, L1_WAY_BYTES)` offsets of a way, each `L1_WAYS` deep, and every
    tile rereads them all. ResNet-50's 56-wide layers under `MIN_FILTER_BYTES`: 1x1 64 -> 256 (64
    rows 1 KiB apart, 32 fit), 1x1 256 -> 64 and 3x3 64 -> 64 (256 and 576 rows 256 bytes apart,
    128 fit). One tile wide, a slice is one contiguous run (docs/backend-measurements.md, "Zen 3,
    ninth session, second helper")."""
    kh, kw, ic, features = shape
    stride = features * element_bytes
    return kh * kw * ic > L1_WAYS * (L1_WAY_BYTES // math.gcd(stride, L1_WAY_BYTES))


BLOCKED = (0, 3, 4, 2, 1)
"""`F/B x B x IC x KH x KW` -> `F/B x KH x KW x IC x B`."""


def _blockable(conv: Operation, function: func.FuncOp, target: CpuTarget) -> BlockArgument | None:
    """The filter argument of `conv` when the convolution should take it in blocks: from
    `MIN_FILTER_BYTES`, or on tile-wide targets (`TILE_WIDE_MAX_REGISTERS`) when its HWCF rows
    thrash L1 (`_thrashes_l1`)."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf":
        return None
    weights = conv.operands[1]
    if not all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in conv.operands):
        return None
    if not isinstance(weights, BlockArgument) or weights.block is not function.body.block or \
            not weights.has_one_use() or weight_layout(function, weights.index) != HWCF:
        return None
    shape = weights.type.get_shape()
    element_bytes = weights.type.get_element_type().bitwidth // 8
    size = block_size(shape[3])
    if size is None:
        return None
    if math.prod(shape) * element_bytes >= MIN_FILTER_BYTES:
        return weights
    tile_wide = target.vector_registers <= TILE_WIDE_MAX_REGISTERS and size in BLOCKS[0]
    return weights if tile_wide and _thrashes_l1(tuple(shape), element_bytes) else None


def block_size(features: int) -> int | None:
    """In the first tier of `BLOCKS` with a size that divides `features` into at least two
    blocks: the first size that makes an even number of blocks, else the first that divides.
    The parallel pipelines run the blocks on the CPUs: three blocks take two rounds on two CPUs,
    six take three (Inception-v2's 192- and 320-channel layers in blocks of 32 instead of 64: the
    network 26.0 -> 23.6 ms at two threads, 44.3 -> 43.6 at one)."""
    for tier in BLOCKS:
        fitting = [size for size in tier if features % size == 0 and features > size]
        if fitting:
            return next((size for size in fitting if features // size % 2 == 0), fitting[0])
    return None


def padded_blocks(conv: Operation, target: CpuTarget, lines: int | None = None) -> tuple[int, int] | None:
    """(padded output channels, block width) when `conv`'s filter is padded to whole blocks of
    `lines` cache lines (default `PADDED_BLOCK_LINES`, its docstring), else None. Only a convolution that starts
    from a bias broadcast and whose chain reads nothing else (a ReLU): the padded bias is the
    one extra operand the padding needs; the padded channels are sliced off after the loop. Not
    on one pixel (DenseNet-121's classifier as a 1x1 convolution): whatever the tile, each filter
    element is read once there (`channel_split._line_split_head` leaves it whole too)."""
    from xfuse.backends.schedules.micro_tile import CACHE_LINE_BITS

    weights = conv.operands[1].type
    features, bits = weights.get_shape()[3], weights.get_element_type().bitwidth
    width = (PADDED_BLOCK_LINES if lines is None else lines) * CACHE_LINE_BITS // bits
    if not width or target.vector_registers > TILE_WIDE_MAX_REGISTERS or features % width == 0:
        return None
    n, oh, ow, _ = conv.results[0].type.get_shape()
    if block_size(features) not in BLOCKS[1] or n * oh * ow == 1:  # one pixel reads each element once
        return None
    padded = -(-features // width) * width
    if padded - features > MAX_PADDING_SHARE * features or bias_broadcast(conv.operands[2]) is None:
        return None
    for op in elementwise_chain(conv.results[0], conv):
        if len(op.operands) != 2:  # one input (the running value) and the init
            return None
    return padded, width


def _small_filter_with_residual(conv: Operation) -> bool:
    """`conv` is a 1x1 convolution under `MIN_FILTER_BYTES` whose elementwise chain reads a
    tensor of its result's shape besides the running value (a residual add)."""
    weights = conv.operands[1].type
    if tuple(weights.get_shape()[:2]) != (1, 1) or \
            math.prod(weights.get_shape()) * weights.get_element_type().bitwidth // 8 >= MIN_FILTER_BYTES:
        return False
    value = conv.results[0]
    for op in elementwise_chain(value, conv):
        if any(operand is not value and operand.type == conv.results[0].type for operand in op.operands[:-1]):
            return True
        value = op.results[0]
    return False


def tile_block_size(conv: Operation, target: CpuTarget) -> int | None:
    """The block width of `conv`'s filter on `target`: `block_size`, or on register files of at
    most `TILE_WIDE_MAX_REGISTERS` the width of the register tile the convolution schedule takes
    for a block of that size (`flat_pixels.dividing_tile`: over one row, or its flattened pixels),
    when that is narrower and divides the output channels. Blocks of the second tier (48, 40)
    keep their width, but where `padded_blocks` pads the filter to whole cache lines instead
    (SqueezeNet's 1000 classes)."""
    from xfuse.backends.schedules.flat_pixels import dividing_tile

    features = conv.operands[1].type.get_shape()[3]
    size = block_size(features)
    if size is None or size not in BLOCKS[0] or target.vector_registers > TILE_WIDE_MAX_REGISTERS:
        return size
    if RESIDUAL_LINE_BLOCKS and _small_filter_with_residual(conv):
        return size
    tile = dividing_tile(conv, size, target)
    return tile.nr if tile is not None and tile.nr < size and size % tile.nr == 0 else size


def _chunk_loop(chunks: int, blocks: int, init: SSAValue, size: int, rows: int, kh: int, conv: Operation):
    """The `scf.forall` of `chunks x blocks` iterations (inserted before `conv`), the rows of the
    result in chunks of `rows` outside the blocks of `size` channels: (forall, block iv, shared
    output, the width constant, the block's first channel, the chunk's first output row, the ops
    computing that row and the slice of `conv`'s input those rows read, last)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType, IntegerAttr
    from xdsl.dialects.tensor import ExtractSliceOp

    from xfuse.dialects.scf import ForallOp

    forall = ForallOp.from_bounds([chunks, blocks], [init])
    Rewriter.insert_op(forall, InsertPoint.before(conv))
    chunk, block = forall.induction_vars
    chunk.name_hint, block.name_hint = "chunk", "block"
    shared = forall.body.block.args[-1]
    width = arith.ConstantOp(IntegerAttr(size, IndexType()))
    first = arith.MuliOp(block, width.result)
    stride, dilation = _window(conv)
    height = arith.ConstantOp(IntegerAttr(rows, IndexType()))
    row = arith.MuliOp(chunk, height.result)
    step = arith.ConstantOp(IntegerAttr(stride, IndexType()))
    input_row = arith.MuliOp(row.result, step.result)
    source = conv.operands[0]
    n, _, iw, ic = source.type.get_shape()
    in_rows = (rows - 1) * stride + (kh - 1) * dilation + 1
    piece = ExtractSliceOp(source, [0, input_row.result, 0, 0], [n, in_rows, iw, ic], [1] * 4,
                           TensorType(source.type.get_element_type(), [n, in_rows, iw, ic]))
    return forall, block, shared, width, first, row.result, [height, row, step, input_row, piece]


def _window(conv: Operation) -> tuple[int, int]:
    """`conv`'s vertical stride and dilation."""
    values = []
    for name in ("strides", "dilations"):
        attr = conv.properties.get(name) or conv.attributes.get(name)
        values.append(attr.get_values()[0] if attr is not None else 1)
    return values[0], values[1]


CHUNK_L2_SHARE = 0.5
"""The share of L2 a row chunk's input slice may take (`chunk_rows`); the rest holds the block's
panel and its slice of the result. 0 switches the chunks off (for an A/B: `benchmarks/flag_ab.py`)."""


MIN_CHUNK_PIXELS = 112
"""The fewest output pixels of a row chunk (`chunk_rows`): each chunk restarts the register tiles
of every block and streams every block's panel again. Zen 3, one 1x1 layer + bias + ReLU, blocks
of 16, interleaved, SCHED_FIFO: 4 rows of 28 (112 pixels) 1.93 -> 1.81 ms at one thread, 0.83 ->
0.76 at two (28 x 28 x 448 -> 128); 7 rows of 14 (98 pixels, 14 x 14 x 640 -> 128) 0.47 -> 0.54
and 0.32 -> 0.39 ms, 2 rows of 14 (896 -> 128) level (docs/backend-measurements.md, "Zen 3,
tenth session")."""
ROWS_PER_THREAD = False
"""At two or more threads, one row chunk per thread where `chunk_rows` finds none (`_rows_per_thread`).
Measured in the seventeenth session (docs/backend-measurements.md): off."""
INPUT_CHANNEL_SLICES = False
"""Whether a blocked 3x3 (or larger) convolution whose input and one block's panel do not fit L2
together and that takes no row chunks (ResNet-50's stride-2 layers: n81's padded 30 x 30 x 256
input, 900 KiB, read from beyond L2 by each of its 8 blocks) walks its input channels in slices
outside the blocks (`input_channel_slices`): one `scf.forall` over the blocks per slice, each
accumulating its slice's reduction into the result, so each slice of the input is read past L2
once and from L2 by every block after the first. Measured in the eighteenth session on a Zen 4
host (1 MiB L2, docs/backend-measurements.md): ResNet-50 at two threads 0.984 (8/10 rounds) then
1.010 (4/12), VGG-19 1.000 (3/6); the layers alone level with an unchanged build's control but
for n143 at two threads: off."""
CHANNEL_SLICE_MIN_THREADS = 2
"""The fewest threads of a build whose convolutions `INPUT_CHANNEL_SLICES` slices: at one thread
ResNet-50 was level with the slices (1.005, 4 of 10 rounds faster) and the layers alone slower
(n143 and the 7x7 3x3 1.06-1.08)."""
CHANNEL_SLICE_L2_SHARE = 0.75
"""The share of L2 one input channel slice and one block's panel slice may take together
(`input_channel_slices`); the rest holds the block's slice of the result."""
CHUNK_PADDED_INPUTS = True
"""Whether a convolution whose input is a `tensor.pad` (VGG-19's and ResNet-50's 3x3 layers) may
take row chunks; those whose pad is one `conv_borders` may remove (`border_pads`) never do. (A
switch for A/B measurements: False, no chunks on any padded input.)"""


def border_pads(function: func.FuncOp) -> set[Operation]:
    """The pads of `function` that the backend's `conv_borders` may remove, so that their
    convolutions read the unpadded map: of the zero pads its convolutions read
    (`conv_borders.padded_convolution`), those of the largest size. `conv_borders` splits the
    convolutions whose pad is the largest padded tensor of their function (`peak_convolutions`:
    where the border sets the arena's peak), which it can do for a convolution reading the pad
    (at the top level or in the blocks' loop) but not for one reading a row chunk's slice of it;
    chunked, VGG-19's 226 x 226 x 64 pad stayed, its border 230,400 bytes more at the network's
    peak (24.72 MiB against onnxruntime's 24.50). This is a superset of what `conv_borders` later
    picks (it also counts other pads, such as a pooling's, before `pool_borders` removes them): a
    convolution left unchunked here costs only its chunks' speed, never memory."""
    from xfuse.backends.in_place.conv_borders import CONV_BORDERS_ENABLED, padded_bytes, padded_convolution

    if not CONV_BORDERS_ENABLED:
        return set()
    pads = [pad for op in function.walk() if (pad := padded_convolution(op)) is not None]
    largest = max((padded_bytes(pad) for pad in pads), default=0)
    return {pad for pad in pads if padded_bytes(pad) == largest}


def _produced(value: SSAValue) -> bool:
    """`value` is computed by a `linalg.generic` (DenseNet-121's batch norm and ReLU before each
    1x1 convolution), which the one-thread convolution schedule plans with the convolution, and
    that is not the epilogue of another convolution (a chain of generics from one: ResNet-50's
    ReLUs and residual adds, computed in that convolution's tiles; taking chunks for those too
    made ResNet-50's one-thread call 2% faster, 9 of 14 rounds)."""
    if not (isinstance(value, OpResult) and value.op.name == "linalg.generic"):
        return False
    for _ in range(8):  # an epilogue of a convolution (its ReLU, a residual add) is computed with it
        inputs = [v for v in value.op.operands[:-1] if isinstance(v, OpResult)]
        if any(v.op.name.startswith("linalg.conv") for v in inputs):
            return False
        generics = [v for v in inputs if v.op.name == "linalg.generic"]
        if not generics:
            return True
        value = generics[0]
    return True


def input_and_panel_fit_l2(conv: Operation, size: int, target: CpuTarget) -> bool:
    """Whether `conv`'s input and the filter panel of one block of `size` output channels fit L2
    together: then each block's pass over the input reads it from L2, and more passes (more,
    narrower blocks: `column_split`'s split tiles) cost little. `chunk_rows` takes no chunks then."""
    source, weights = conv.operands[0].type, conv.operands[1].type
    kh, kw, ic, _ = weights.get_shape()
    element_bytes = source.get_element_type().bitwidth // 8
    panel_bytes = kh * kw * ic * size * element_bytes
    return math.prod(source.get_shape()) * element_bytes + panel_bytes <= target.l2_bytes


def chunk_rows(conv: Operation, size: int, target: CpuTarget, threads: int = 1,
               unchunked_pads: set[Operation] | None = None) -> int:
    """The output rows of `conv` each iteration of its block loop computes (all of them: no row
    chunks). Blocks outside the rows stream the whole input from beyond L2 once per block when it
    does not fit there (DenseNet-121's 1x1 bottlenecks on AVX2, 56 x 56 x 224 in 8 blocks of 16:
    22 MB a layer); chunks of rows outside the blocks read each chunk's input once, from L2 for every
    block after the first, and stream the whole filter once per chunk. The chunks are taken when
    that moves fewer bytes: `chunks x filter + input` against `filter + blocks x input`, with the
    chunk's input (and its halo) at most `CHUNK_L2_SHARE` of L2 and at least `MIN_CHUNK_PIXELS`
    output pixels, the largest such chunk (the fewest chunks). At two threads
    the static split gives each thread a contiguous half of the chunks (all their blocks): its own
    rows of the input, instead of every block of the whole input.

    At one thread an input that a `linalg.generic` computes keeps whole rows (`_produced`): the
    schedule plans that producer with the convolution, and with chunks DenseNet-121 (whose
    chunked layers all read a batch norm and ReLU) was 4-6% slower; at two threads the parallel
    split computes the producer in a region of its own, and the chunks make it 2-9% faster
    (docs/backend-measurements.md, "Zen 3, tenth session: row chunks of the filter blocks").

    An input that is a pad `conv_borders` may remove keeps whole rows (`border_pads`, computed
    from `conv`'s function unless `unchunked_pads` gives them): the chunks would keep its border
    at the network's peak."""
    n, oh, ow, features = conv.results[0].type.get_shape()
    _, ih, iw, ic = conv.operands[0].type.get_shape()
    kh, kw, _, _ = conv.operands[1].type.get_shape()
    element_bytes = conv.operands[0].type.get_element_type().bitwidth // 8
    stride, dilation = _window(conv)
    input_bytes = n * ih * iw * ic * element_bytes
    filter_bytes = kh * kw * ic * features * element_bytes
    budget = CHUNK_L2_SHARE * target.l2_bytes
    if input_and_panel_fit_l2(conv, size, target) or (threads <= 1 and _produced(conv.operands[0])):
        return oh
    source = conv.operands[0]
    if isinstance(source, OpResult) and source.op.name == "tensor.pad":
        if unchunked_pads is None:
            unchunked_pads = border_pads(conv.parent_op())
        if not CHUNK_PADDED_INPUTS or source.op in unchunked_pads:
            return oh
    blocks = features // size
    for rows in sorted((r for r in range(1, oh) if oh % r == 0), reverse=True):
        in_rows = (rows - 1) * stride + (kh - 1) * dilation + 1
        if n * rows * ow < MIN_CHUNK_PIXELS:
            break
        if n * in_rows * iw * ic * element_bytes <= budget:
            chunks = oh // rows
            return rows if chunks * filter_bytes + input_bytes < filter_bytes + blocks * input_bytes else oh
    return _rows_per_thread(conv, size, target, threads)


def _rows_per_thread(conv: Operation, size: int, target: CpuTarget, threads: int) -> int:
    """With `ROWS_PER_THREAD`, at `threads` > 1, one chunk of rows per thread when no chunk of
    `chunk_rows` qualifies: each thread's rows of the input and one block's panel fit its own L2
    (a 1x1 layer's input, stride 1), so each thread reads its half of the input from L2 for every
    block after the first instead of streaming the whole input from L3 once per block (ResNet-50's
    14 x 14 x 1024 -> 256 and -> 512 layers: 784 KiB inputs in 16 and 32 blocks). Else all rows."""
    n, oh, ow, _ = conv.results[0].type.get_shape()
    source, weights = conv.operands[0].type, conv.operands[1].type
    kh, kw, ic, _ = weights.get_shape()
    element_bytes = source.get_element_type().bitwidth // 8
    if not ROWS_PER_THREAD or threads <= 1 or oh % threads or (kh, kw) != (1, 1) or _window(conv)[0] != 1:
        return oh
    rows = oh // threads
    share = n * rows * ow * ic * element_bytes + kh * kw * ic * size * element_bytes
    return rows if share <= target.l2_bytes else oh


def input_channel_slices(conv: Operation, size: int, target: CpuTarget, rows: int,
                         unchunked_pads: set[Operation] | None = None, enabled: bool | None = None,
                         threads: int = 1) -> int:
    """How many slices of its input channels `conv` (in blocks of `size` output channels, row
    chunks of `rows`) walks outside its blocks (`INPUT_CHANNEL_SLICES`): 1 (none) unless the
    switch is on for a build of `threads` threads (`CHANNEL_SLICE_MIN_THREADS`), the window is larger than 1x1, the convolution takes no row chunks and its
    input and one block's panel do not fit L2 together; then the fewest slices, each a multiple
    of 8 channels, whose input slice and panel slice fit `CHANNEL_SLICE_L2_SHARE` of L2. An input that is a pad
    `conv_borders` may remove keeps its channels whole (as it keeps its rows: `chunk_rows`).
    `enabled` overrides the switch and its thread bound."""
    if not (INPUT_CHANNEL_SLICES and threads >= CHANNEL_SLICE_MIN_THREADS if enabled is None else enabled):
        return 1
    n, oh, _, _ = conv.results[0].type.get_shape()
    _, ih, iw, ic = conv.operands[0].type.get_shape()
    kh, kw, _, _ = conv.operands[1].type.get_shape()
    if kh * kw == 1 or rows < oh or input_and_panel_fit_l2(conv, size, target):
        return 1
    source = conv.operands[0]
    if isinstance(source, OpResult) and source.op.name == "tensor.pad":
        if unchunked_pads is None:
            unchunked_pads = border_pads(conv.parent_op())
        if source.op in unchunked_pads:
            return 1
    element_bytes = conv.operands[0].type.get_element_type().bitwidth // 8
    working = (n * ih * iw * ic + kh * kw * ic * size) * element_bytes  # the input and one block's panel
    for slices in range(2, ic // 8 + 1):
        if ic % slices == 0 and (ic // slices) % 8 == 0 and working / slices <= CHANNEL_SLICE_L2_SHARE * target.l2_bytes:
            return slices
    return 1


def _block(conv: Operation, function: func.FuncOp, argument: BlockArgument, target: CpuTarget,
           threads: int = 1, unchunked_pads: set[Operation] | None = None, lines: int | None = None,
           channel_slices: bool | None = None) -> None:
    from xdsl.dialects.linalg.ops import BroadcastOp
    from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp

    from xfuse.dialects.tensor import ParallelInsertSliceOp
    from xfuse.transforms.layout.weight_layout import set_weight_shape

    source, result_type = conv.operands[0], conv.results[0].type
    chain, bias = elementwise_chain(conv.results[0], conv), bias_broadcast(conv.operands[2])
    kh, kw, channels, features = argument.type.get_shape()
    n, oh, ow, _ = result_type.get_shape()
    element = argument.type.get_element_type()
    padding = padded_blocks(conv, target, lines)
    if padding is not None:  # zero filters and bias to whole blocks; sliced off after the loop
        padded, size = padding
        result_type = TensorType(element, [n, oh, ow, padded])
        bias = bias[0], _padded_vector(bias[1], padded, conv)
    else:
        padded, size = features, tile_block_size(conv, target)
    if bias is not None:  # each block broadcasts its slice of the bias: no element is read before written
        empty = EmptyOp([], result_type)
        Rewriter.insert_op(empty, InsertPoint.before(conv))
        init = empty.results[0]
    else:
        init = private_init(conv.operands[2], conv)
    blocks = padded // size
    rows = chunk_rows(conv, size, target, threads, unchunked_pads)
    slices = input_channel_slices(conv, size, target, rows, unchunked_pads, channel_slices, threads) \
        if padding is None else 1
    blocked_type = TensorType(element, [blocks, kh, kw, channels, size])
    if padding is not None:  # HWCF at load, then padded and blocked (`weight_layout.PADDED_BLOCKS`)
        argument = retype_weight_argument(function, argument, blocked_type, HWCF)
        set_weight_attr(function, argument.index, WEIGHT_TRANSFORM_ATTR, StringAttr(padded_blocks_transform(size)))
    else:
        argument = retype_weight_argument(function, argument, blocked_type, BLOCKED)
        set_weight_shape(function, argument.index, [blocks, size, channels, kh, kw])
    if slices > 1:
        _block_in_slices(conv, argument, init, bias, chain, size, blocks, slices)
        return
    if rows < oh:  # the row chunks outside the blocks: (chunk, block) iterations, in that order
        forall, block, result, width, first, row, chunk_ops = _chunk_loop(oh // rows, blocks, init, size, rows, kh, conv)
        source, loop_ops = chunk_ops[-1].results[0], [width, first, *chunk_ops]
    else:
        forall, block, result, width, first = slice_loop(blocks, init, size, conv, "block")
        row, loop_ops = 0, [width, first]
    block_type = TensorType(element, [n, rows, ow, size])

    def slice_of(value: SSAValue) -> ExtractSliceOp:
        return ExtractSliceOp(value, [0, row, 0, first.result], [n, rows, ow, size], [1] * 4, block_type)

    panel = ExtractSliceOp(argument, [block, 0, 0, 0, 0], [1, kh, kw, channels, size], [1] * 5,
                           TensorType(element, [kh, kw, channels, size]))
    block_init = slice_of(result)
    body: list[Operation] = [*loop_ops, panel, block_init]
    accumulator = block_init.results[0]
    if bias is not None:
        block_bias = ExtractSliceOp(bias[1], [first.result], [size], [1], TensorType(element, [size]))
        broadcast = BroadcastOp(block_bias.results[0], block_init.results[0], DenseArrayBase.from_list(i64, [0, 1, 2]))
        body += [block_bias, broadcast]
        accumulator = broadcast.results[0]
    block_conv = convolution_on(conv, [source, panel.results[0]], [accumulator])
    body.append(block_conv)
    for op in (forall, *body):
        op.location = conv.location
    pieces: list[Operation] = []  # the other inputs' slices, before the convolution
    value = chain_on_slice(chain, conv.results[0], block_conv.results[0], slice_of, block_init.results[0], body, pieces)
    body[body.index(block_conv):body.index(block_conv)] = pieces
    Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
    insert = ParallelInsertSliceOp(value, result, [0, row, 0, first.result], [n, rows, ow, size])
    insert.location = conv.location
    forall.terminator.body.add_op(insert)
    outcome = forall.results[0]
    if padding is not None:
        real = ExtractSliceOp(outcome, [0, 0, 0, 0], [n, oh, ow, features], [1] * 4, conv.results[0].type)
        real.location = conv.location
        Rewriter.insert_op(real, InsertPoint.after(forall))
        outcome = real.results[0]
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(outcome)
    erase_with_dead_inits([*reversed(chain), conv, *([bias[0]] if bias is not None else [])])


def _block_in_slices(conv: Operation, argument: SSAValue, init: SSAValue, bias, chain: list[Operation],
                     size: int, blocks: int, slices: int) -> None:
    """`conv` as `slices` `scf.forall`s over its `blocks` blocks, one per slice of its input
    channels (`input_channel_slices`), each accumulating its slice's reduction into the result of
    the one before: the first starts each block from its slice of the bias (when `bias`), the
    last runs the elementwise `chain` on the block's result."""
    from xdsl.dialects.linalg.ops import BroadcastOp
    from xdsl.dialects.tensor import ExtractSliceOp

    from xfuse.dialects.tensor import ParallelInsertSliceOp

    source = conv.operands[0]
    n, ih, iw, channels = source.type.get_shape()
    kh, kw = argument.type.get_shape()[1:3]
    n, oh, ow, _ = conv.results[0].type.get_shape()
    element = argument.type.get_element_type()
    part = channels // slices
    block_type = TensorType(element, [n, oh, ow, size])
    value = init
    for index in range(slices):
        forall, block, result, width, first = slice_loop(blocks, value, size, conv, "block")

        def slice_of(operand: SSAValue, first=first) -> ExtractSliceOp:
            return ExtractSliceOp(operand, [0, 0, 0, first.result], [n, oh, ow, size], [1] * 4, block_type)

        piece = ExtractSliceOp(source, [0, 0, 0, index * part], [n, ih, iw, part], [1] * 4,
                               TensorType(element, [n, ih, iw, part]))
        panel = ExtractSliceOp(argument, [block, 0, 0, index * part, 0], [1, kh, kw, part, size], [1] * 5,
                               TensorType(element, [kh, kw, part, size]))
        block_init = slice_of(result)
        body: list[Operation] = [width, first, piece, panel, block_init]
        accumulator = block_init.results[0]
        if index == 0 and bias is not None:
            block_bias = ExtractSliceOp(bias[1], [first.result], [size], [1], TensorType(element, [size]))
            broadcast = BroadcastOp(block_bias.results[0], block_init.results[0],
                                    DenseArrayBase.from_list(i64, [0, 1, 2]))
            body += [block_bias, broadcast]
            accumulator = broadcast.results[0]
        block_conv = convolution_on(conv, [piece.results[0], panel.results[0]], [accumulator])
        body.append(block_conv)
        for op in (forall, *body):
            op.location = conv.location
        out = block_conv.results[0]
        if index == slices - 1:
            pieces: list[Operation] = []
            out = chain_on_slice(chain, conv.results[0], out, slice_of, block_init.results[0], body, pieces)
            body[body.index(block_conv):body.index(block_conv)] = pieces
        Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
        insert = ParallelInsertSliceOp(out, result, [0, 0, 0, first.result], [n, oh, ow, size])
        insert.location = conv.location
        forall.terminator.body.add_op(insert)
        value = forall.results[0]
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(value)
    erase_with_dead_inits([*reversed(chain), conv, *([bias[0]] if bias is not None else [])])


def _padded_vector(vector: SSAValue, padded: int, before: Operation) -> SSAValue:
    """`vector` followed by zeros to `padded` elements (a padded bias), built before `before`."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import FloatAttr
    from xdsl.dialects.tensor import EmptyOp, InsertSliceOp

    from xfuse.transforms.batch_matmul import MLIR_FILL

    element = vector.type.get_element_type()
    empty = EmptyOp([], TensorType(element, [padded]))
    zero = arith.ConstantOp(FloatAttr(0.0, element))
    fill = MLIR_FILL([zero.result], [empty.tensor], [empty.tensor.type])
    insert = InsertSliceOp.from_static_parameters(vector, fill.results[0], [0], vector.type.get_shape())
    for op in (empty, zero, fill, insert):
        op.location = before.location
    Rewriter.insert_op([empty, zero, fill, insert], InsertPoint.before(before))
    return insert.results[0]


def block_filters(module: ModuleOp, target: CpuTarget | None = None, threads: int = 1,
                  lines: int | None = None, channel_slices: bool | None = None) -> int:
    """Block the large filters of every function of `module` that no call in it reaches (its
    signature changes), for `target` (default: the host) and a build of `threads` threads (the
    row chunks, `chunk_rows`); `channel_slices` overrides `INPUT_CHANNEL_SLICES`. How many
    convolutions were rewritten."""
    target = target or host_target()
    count = 0
    for function in uncalled_functions(module):
        unchunked_pads = border_pads(function)  # before any convolution reads a chunk of its pad
        for conv in [op for op in function.body.block.ops if op.name == "linalg.conv_2d_nhwc_hwcf"]:
            argument = _blockable(conv, function, target)
            if argument is not None:
                _block(conv, function, argument, target, threads, unchunked_pads, lines, channel_slices)
                count += 1
    return count


@dataclass(frozen=True)
class BlockFiltersPass(ModulePass):
    """Large HWCF filter arguments in blocks of output channels (64 or 32; on AVX2 one register
    tile wide), each convolution an `scf.forall` over the blocks (module docstring). Run after
    `xfuse-nhwc`. `threads`: the thread count of the build (`xfuse.onnx` passes it:
    `model.passes_for_threads`), which the row chunks depend on (`chunk_rows`)."""

    name = "xfuse-block-filters"

    threads: int = 1
    padded_lines: int = -1
    """`padded_blocks`' cache lines per padded block; negative: `PADDED_BLOCK_LINES`."""
    channel_slices: int = -1
    """1: input channels in slices outside the blocks where `input_channel_slices` takes them,
    0: never; negative: `INPUT_CHANNEL_SLICES`."""

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")
        if self.channel_slices > 1:
            raise ValueError(f"channel_slices must be 1 (on), 0 (off) or negative (the module's switch), "
                             f"got {self.channel_slices}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        block_filters(op, threads=self.threads, lines=None if self.padded_lines < 0 else self.padded_lines,
                      channel_slices=None if self.channel_slices < 0 else bool(self.channel_slices))
