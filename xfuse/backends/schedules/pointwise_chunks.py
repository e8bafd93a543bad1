"""The reduction of a 1x1 convolution in a filter-block loop, walked in chunks outside its tiles.

In xfuse-block-filters' loop a 1x1 layer from many channels reads its block's filter panel
(`K x block` channels) in every register tile: ResNet-50's 14x14 1024 -> 256 layers on AVX2 have
panels of 1024 x 16 (64 KiB) and Inception-v2's 576 -> 192 ones 36 KiB, over L1, so each of the
block's 49 4x16 tiles walks its panel from L2. conv.py's `_chunks_reduction` walks the channels in
chunks outside the tiles for large 3x3 filters, but only for a convolution whose input no linalg
op computes and with no epilogue in its tiles: in a network every such 1x1 layer reads the ReLU
of the layer before (fused op by op) and ends in a bias broadcast and ReLU.

`pointwise_chunk(conv, target)` is the chunk for such a layer: the block's result small enough to
stay in cache between chunks (`RESULT_MAX_BYTES`: a 14x14x16 block is 12.5 KiB), its panel over
L1 (`L1_BYTES`), chunks of the most channels whose slice of the panel fits `CHUNK_L1_SHARE` of
L1 (256 channels x 16 at 1024; 192 at 576), at least `MIN_CHUNK`. conv.py then tiles the
convolution's reduction by it before its register tiles (`tile_using_for`, op by op: the input's
producer stays out), accumulating into the bias broadcast; the broadcast and the ReLU run as ops
of their own on the block's slice, before and after the chunk loop (`_conv_root` ends the chain
at the convolution).
"""

from __future__ import annotations

import math

from xdsl.ir import Operation

from xfuse.backends.target import CpuTarget

L1_BYTES = 32 * 1024
"""One core's L1 data cache (Zen 3 and Zen 4 alike)."""

CHUNK_L1_SHARE = 0.5
"""The share of L1 one chunk of the block's panel may take (the rest: the tile's input pixels and
its accumulators' lines)."""

MIN_CHUNK = 64
"""The fewest input channels per chunk: each chunk reloads and stores the tile's accumulators."""

RESULT_MAX_BYTES = 0
"""The largest block result whose partial sums may stay in cache between chunks; 0: no chunks
(the switch). A 14x14x16 block (AVX2) is 12.5 KiB, 16384 takes it; AVX-512's 14x14x64 blocks
are 49 KiB (65536). Off: on Zen 4 (1 MiB L2) the layers alone 1.00-1.10x the time, ResNet-50
1.027 (1/8 rounds) at T=1 and 1.059 (0/8) at T=2, Inception-v2 1.035 (0/8) and 1.016 (3/8), the
AVX2 build's ResNet-50 1.055 (0/8) (docs/backend-measurements.md, "K in chunks for 1x1 layers from
many channels, eighteenth session")."""


def pointwise_chunk(conv: Operation, target: CpuTarget) -> int:
    """The input channels per chunk of `conv`'s reduction when it is walked outside the register
    tiles (module docstring), else 0: a 1x1 `linalg.conv_2d_nhwc_hwcf` in a loop (filter blocks)
    whose panel does not fit L1 and whose result fits `RESULT_MAX_BYTES`."""
    from xfuse.backends.schedules.matmul import _in_tiled_loop

    if not RESULT_MAX_BYTES or conv.name != "linalg.conv_2d_nhwc_hwcf" or not _in_tiled_loop(conv):
        return 0
    result, weights = conv.results[0].type, conv.operands[1].type
    kh, kw, channels, features = weights.get_shape()
    itemsize = result.element_type.bitwidth // 8
    if (kh, kw) != (1, 1) or math.prod(result.get_shape()) * itemsize > RESULT_MAX_BYTES or \
            channels * features * itemsize <= L1_BYTES:
        return 0
    lanes = target.lanes(result.element_type.bitwidth)
    fits = [c for c in range(lanes, channels // 2 + 1, lanes)
            if channels % c == 0 and c * features * itemsize <= CHUNK_L1_SHARE * L1_BYTES]
    return max(fits) if fits and max(fits) >= MIN_CHUNK else 0


CHUNK_INIT_ATTR = "xfuse.conv_chunk_init"
"""On the bias broadcast (or fill) a chunked convolution accumulates into, = its group: conv.py
tiles it by pixel and vectorizes it before the chunk loop (left alone it was a scalar loop)."""


def prepare_chunked(conv: Operation, group: int) -> None:
    """Before `conv`'s reduction is chunked: mark its init producer (`CHUNK_INIT_ATTR`) and, where
    the elementwise op after the convolution writes the same destination (the block's slice of the
    loop's output), give the init a `tensor.empty` of its own: the partial sums then live in a
    contiguous block (12.5 KiB, in L1), where in the output's slice their 196 rows of 64 bytes
    1 KiB apart fall in 4 of L1's 64 sets; and one-shot-bufferize gave both writers of the slice
    a buffer and two strided copies per block."""
    from xdsl.dialects.tensor import EmptyOp
    from xdsl.dialects.builtin import IntegerAttr, IntegerType
    from xdsl.ir import OpResult
    from xdsl.rewriter import InsertPoint, Rewriter

    init = conv.operands[2]
    if not (isinstance(init, OpResult) and init.op.name in ("linalg.broadcast", "linalg.fill", "linalg.generic")
            and init.has_one_use() and init.op.parent_block() is conv.parent_block()):
        return
    init.op.attributes[CHUNK_INIT_ATTR] = IntegerAttr(group, IntegerType(64))
    uses = list(conv.results[0].uses)
    if len(uses) != 1 or uses[0].operation.name != "linalg.generic":
        return
    destination = init.op.operands[-1]
    if uses[0].operation.operands[-1] is destination and \
            not (isinstance(destination, OpResult) and destination.op.name == "tensor.empty"):
        empty = EmptyOp([], destination.type)
        Rewriter.insert_op(empty, InsertPoint.before(init.op))
        init.op.operands = [*init.op.operands[:-1], empty.results[0]]


def chunk_init(group, name: str, any_op: str) -> str:
    """For a conv.py `ConvGroup` of these chunks (`pointwise_chunks`): its init producers
    (`CHUNK_INIT_ATTR`) tiled by pixel and vectorized on their own, before the chunk loop, as
    `{name}_init...` handles; "" for other groups."""
    if not group.pointwise_chunks:
        return ""
    return f"""\
    {name}_init = transform.structured.match attributes{{{CHUNK_INIT_ATTR} = {group.group} : i64}} in %root \
: ({any_op}) -> {any_op}
    {name}_init_rows, {name}_init_loops:3 = transform.structured.tile_using_for {name}_init tile_sizes [1, 1, 1]
      : ({any_op}) -> ({any_op}, {any_op}, {any_op}, {any_op})
    transform.structured.vectorize {name}_init_rows : {any_op}
"""


def chunk_then_tiles(group, k: int, interchange: str, any_op: str) -> str:
    """The transform ops of instance `k` (`%ci{k}`, fused op by op) of `group`: its init
    (`chunk_init`), its reduction tiled in chunks (`%ci{k}_chunk_loops`), the chunk's convolution
    in register tiles (`%ci{k}_n` the outermost tile loop, `%ci{k}_inner` the innermost)."""
    t = group.tile
    return chunk_init(group, f"%ci{k}", any_op) + f"""\
    %ci{k}_chunk, %ci{k}_chunk_loops:3 = transform.structured.tile_using_for %ci{k} \
tile_sizes [0, 0, 0, 0, 1, 1, {group.reduction_chunk}]
      : ({any_op}) -> ({any_op}, {any_op}, {any_op}, {any_op})
    %ci{k}_tile, %ci{k}_n, %ci{k}_l1, %ci{k}_l2, %ci{k}_inner = transform.structured.tile_using_for %ci{k}_chunk \
tile_sizes [1, 1, {t.mr}, {t.nr}]{interchange}
      : ({any_op}) -> ({any_op}, {any_op}, {any_op}, {any_op}, {any_op})
"""
