"""Register-tiled direct convolutions: the convolution half of the micro-kernel schedule.

A `linalg.conv_2d_nhwc_hwcf` is, for one output row and one block of output channels, a small
matmul: `OWB` output pixels times `OCB` output channels, accumulated over `KH x KW x IC` steps,
each step one input element broadcast per pixel times one vector of filter weights per `L`
channels. So the register tile is chosen by the matmul's cost model (`choose_micro_tile` of
xfuse/backends/schedules/matmul.py with `M = OW`, `N = OC`): `OWB x OCB/L` accumulators, `OCB/L` filter
vectors and one broadcast within the register file, `OWB` dividing the output width (or a
remainder tile after a split, as for matmul rows), `OCB` a multiple of the vector width.
`linalg.depthwise_conv_2d_nhwc_hwc` gets the same tile over `(OW, C)`: per `(kh, kw)` step one
input vector and one filter vector per `L` channels and `OWB x CB/L` FMAs.

When the channel count is not a multiple of the full vector width (`L`), narrower vectors are
tried down to one element (on an AVX-512 host 136 depthwise channels get 8-lane tiles, 28
channels 4-lane ones, the 2-channel tails of ShuffleNet's 34-channel groups (split 32 + 2 by
channel_split.py) 2-lane ones, 17 channels 1-lane ones): a register tile of narrow vectors still
keeps its accumulators in registers, where the generic lowering's scalar loops load and store
them at every step (ShuffleNet's 136 -> 136, 4-group 1x1 convolution on 28 x 28: 0.138 ->
0.069 ms).

`plan_convolutions(module, target)` marks each scheduled convolution with
`xfuse.conv_microkernel` and its root (the last op of the elementwise chain after it, such as
a ReLU or a residual add, up to the first op with a broadcast operand; the convolution itself
when nothing follows, for a depthwise convolution xfuse did not tile, or when the chain would
cost an unfused convolution its width split: `_conv_root`) with
`xfuse.conv_microkernel_root` = group number.
`conv_schedule_bodies(groups)` writes, per group, the recipe of docs/backend-kernels.md ("Convolutions"):

0. the zero padding of the input (a `tensor.pad` producer, or the pad of the input window in a
   tile xfuse fused the padding into) becomes a fill and a copy, both vectorized per pixel;
1. the root tiled `1 x 1 x OWB x OCB` over `(n, oh, ow, oc)`: the convolution, its `outs`
   producer (fill or bias broadcast) and the fused consumers share one register tile. An
   unfused convolution whose input no linalg op computes: `transform.structured.fuse` (after
   `transform.structured.split` of the width when it has a remainder); the others op by op
   (`tile_using_for`, `fuse_into_containing_op` of exactly the chain, `plan_convolutions`);
2. the reduction loops `(kh, kw, ic)` tiled by 1 (depthwise: `kh` only; the vectorizer then
   reads the input row once for every `kw`) with `tile_using_for`, so that
   `transform.structured.decompose` makes the 2-D convolution a 1-D one
   (`conv_1d_nwc_wcf` / `depthwise_conv_1d_nwc_wc`), which the vectorizer handles with strides
   and dilations (the 2-D forms do not vectorize); a convolution whose reduction is walked in
   chunks outside its tiles and whose row tile is latency-bound takes tiles of two output rows
   (`chunk_tile_rows`), tiled again by one row inside the reduction loops for the decomposition,
   that loop unrolled after vectorizing and its offsets folded, so both rows' accumulators are
   hoisted from the K loop (12 in registers instead of 6);
3. `transform.structured.vectorize` of the 1-D convolution (it must vectorize), then of every
   other linalg op in the register tile where it can (a producer `transform.structured.fuse`
   pulled in with dynamic sizes, such as the ReLU under a pad once canonicalization folded a
   one-trip forall and its window's `scf.if`, failed the whole build: it stays loops); the 1-D
   convolution's rank-reducing slice folded into its transfers *before* the leading unit dims
   are cast away (after the cast the write no longer covers the slice, the fold fails, and each
   tile stores its accumulators into a dead buffer and reads them back for the epilogue);
   leading unit dims cast away, transfer permutations and masked transfers lowered;
4. `hoist_loop_invariant_subsets` on the reduction loops, innermost first: the
   accumulator's read and write leave the reduction loops, so it is a loop-carried vector;
5. contractions lowered to outer products and those to `vector.fma` (shared with the matmul
   schedule's final sweep).

Not handled (they keep the generic lowering): NCHW/FCHW convolutions (xfuse's layout pass turns
them into NHWC), depthwise with a channel multiplier (`depthwise_conv_2d_nhwc_hwcm`, which
upstream's decomposition does not take), grouped convolutions, dynamic shapes, non-float types.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, UnitAttr
from xdsl.ir import Operation, OpResult, SSAValue

from xfuse.backends.schedules.matmul import (
    EPILOGUE_MAX_OPS,
    _before_long_epilogues,
    _elementwise_chain_end,
    _in_tiled_loop,
    _is_identity,
    _static_float_tensor,
    fuse_into_each,
    remove_dead_ops,
    sequential_tiles,
)
from xfuse.backends.schedules.depthwise_tiles import depthwise_reduction_tiles, one_vector_depthwise
from xfuse.backends.schedules.conv_rows import chunk_tile_rows, row_loop_unroll, row_loops, row_subset_folds, row_tiles
from xfuse.backends.schedules.pointwise_chunks import chunk_init, chunk_then_tiles, pointwise_chunk, prepare_chunked
from xfuse.backends.schedules.micro_tile import MIN_ACCUMULATORS, MicroTile, choose_k_unroll, choose_tile_at_any_width, conv_b_load_weight
from xfuse.backends.target import CpuTarget

CONV_ATTR = "xfuse.conv_microkernel"
CONV_ROOT_ATTR = "xfuse.conv_microkernel_root"
CONV_INSTANCE_ATTR = "xfuse.conv_microkernel_instance"
CONV_PRODUCER_ATTR = "xfuse.conv_microkernel_producer"
"""Instance `k`'s root carries `CONV_INSTANCE_ATTR = k`; the ops fused into its register tiles
(the convolution, the elementwise chain up to the root, the convolution's `outs` producer)
carry `CONV_PRODUCER_ATTR = k`. Only those are fused: `transform.structured.fuse` would also
pull the producers of the convolution's *input* (a ReLU or a pooling before it) into every tile,
recomputing them per tile, and a pooling there does not vectorize."""
CONV_PAD_ATTR = "xfuse.conv_microkernel_pad"
"""On a `tensor.pad` producing a scheduled convolution's input: rewritten to fill + insert_slice
before the register tiling, so that the tiling does not fuse the pad (which would pad a window
per register tile, into a fresh buffer, with scalar copies)."""

CONV_KINDS = {"linalg.conv_2d_nhwc_hwcf": "conv", "linalg.depthwise_conv_2d_nhwc_hwc": "depthwise"}
"""The convolutions with a register-tiled schedule, by kind."""

REDUCTION_TILES = {"conv": [0, 0, 0, 0, 1, 1, 1], "depthwise": [0, 0, 0, 0, 1, 0]}
"""Tile sizes of the loops (`n, oh, ow, oc`, then the reductions `kh, kw, ic`; `kh, kw` for
depthwise, where `kw` stays whole: measured with 128 channels on 28², 0.096 ms against 0.113 with
`kw` tiled by 1)."""

_ANY = "!transform.any_op"


@dataclass(frozen=True)
class ConvGroup:
    """Convolutions sharing one register tile (`tile.mr` output pixels x `tile.nr` channels)."""

    group: int
    kind: str
    tile: MicroTile
    root_is_conv: bool
    instances: tuple[int, ...] = ()
    """The instance numbers (`CONV_INSTANCE_ATTR`) of the group's roots when they are fused op by
    op (their input has a linalg producer); empty: `transform.structured.fuse` of every root."""
    channels_outermost: bool = False
    """Tile loops `(n, oc, oh, ow)` instead of `(n, oh, ow, oc)` (`_channels_outermost`)."""
    in_forall: bool = False
    """The roots are inside an `scf.forall` already (tiles xfuse fused) or too small to share
    (`sequential_tiles`): their register tiles stay `scf.for` loops in the parallel pipelines too
    (a nested parallel loop deadlocked MLIR's async runtime, whose workers then wait on tasks no
    free worker runs)."""
    reduction_chunk: int = 0
    """When nonzero: the filter taps and input channels are walked in chunks of one tap and this
    many channels *outside* the register tiles (`_chunks_reduction`), not inside each of them."""
    k_unroll: int = 1
    """The input-channel loop (the innermost K loop) unrolled by this factor (`choose_k_unroll`)."""
    forall_tiles: bool = False
    """The register tiles of the instances are one `scf.forall` on one thread too, so that their
    `outs` producer is computed per tile (`_init_through_forall`)."""
    rows: int = 1
    """Output rows per register tile (conv_rows.py's `chunk_tile_rows`): 2 gives a chunked convolution whose
    row tile is latency-bound twice its accumulators; the last row of an odd height keeps one."""
    row_split: int = 0
    """With `rows` > 1 and a height it does not divide: the output rows the `rows`-row tiles
    cover (the height rounded down to a multiple of `rows`); the rest get one-row tiles. 0: all."""
    pointwise_chunks: bool = False
    """The reduction chunks are pointwise_chunks.py's: the init producer (`CHUNK_INIT_ATTR`) is
    vectorized on its own before the chunk loop."""


def choose_conv_tile(ow: int, oc: int, element_bits: int, target: CpuTarget,
                     remainder: bool = True) -> MicroTile | None:
    """The `OWB x OCB` register tile of a convolution whose output rows are `ow x oc`, by the
    matmul cost model (with the filter's load weight of the CPU, `CONV_B_LOAD_WEIGHTS`); narrower
    vectors when `oc` is no multiple of the full width, down to one element; None when none fits
    (the convolution keeps the generic lowering)."""
    return choose_tile_at_any_width(ow, oc, element_bits, target, remainder, min_bits=element_bits,
                                    b_load_weight=conv_b_load_weight(target))


def schedulable(op: Operation) -> bool:
    """A static float convolution on tensors, all operands of one element type."""
    if op.name not in CONV_KINDS or len(op.results) != 1:
        return False
    types = [o.type for o in op.operands] + [op.results[0].type]
    return all(_static_float_tensor(t) is not None for t in types) and len({t.element_type for t in types}) == 1


def _static_channel_pad(value: SSAValue) -> Operation | None:
    """The `tensor.pad` defining `value` (through `tensor.cast`s) when its source's channel count
    is static: vectorized per pixel, its copy needs one (xfuse's depthwise tiles slice the
    channels with sizes only mlir-opt's folding makes static)."""
    while isinstance(value, OpResult) and value.op.name == "tensor.cast":
        value = value.op.operands[0]
    if isinstance(value, OpResult) and value.op.name == "tensor.pad" and value.op.operands[0].type.get_shape()[-1] >= 0:
        return value.op
    return None


def _input_pads(conv: Operation) -> list[Operation]:
    """The `tensor.pad`s that make the convolution's input: its producer, or, in a tile xfuse
    fused the padding into, the pad of the input window in the `scf.if` that picks between an
    all-zero window and a padded one."""
    source = conv.operands[0]
    if isinstance(source, OpResult) and source.op.name == "scf.if":
        candidates = [region.block.last_op.operands[source.index] for region in source.op.regions]
    else:
        candidates = [source]
    return [pad for pad in map(_static_channel_pad, candidates) if pad is not None]


def _fusable_init(conv: Operation) -> Operation | None:
    """The linalg op (fill or bias broadcast) that makes `conv`'s `outs` and nothing else, in
    its block, or None."""
    init = conv.operands[2]
    if isinstance(init, OpResult) and init.op.name.startswith("linalg.") and \
            len(list(init.uses)) == 1 and init.op.parent_block() is conv.parent_block():
        return init.op
    return None


def _init_through_forall(conv: Operation, root: Operation, without_producer: bool = False) -> bool:
    """An unfused convolution fused op by op whose `outs` a fill or bias broadcast makes: its
    register tiles are one `scf.forall` (also on one thread: `scf-forall-to-for` makes it loops),
    through whose shared output `fuse_into_containing_op` computes the init per tile. As an
    `scf.for` nest's loop-carried init it stays a pass of its own, writing the whole result
    once more before the tiles read it back (every 1x1 convolution after a SiLU or hard-swish
    pass: those are cut from the tiles, `EPILOGUE_MAX_OPS`). Not with the channels outermost
    (a forall has no loop order) or where the tiles stay loops at any thread count
    (`sequential_tiles`: inside xfuse's foralls, or too small to share)."""
    return root is conv and (_input_has_tileable_producer(conv) or without_producer) and \
        _fusable_init(conv) is not None and INIT_THROUGH_FORALL and not _channels_outermost(conv) and \
        not sequential_tiles(conv)


def _init_in_dividing_tiles(conv: Operation, root: Operation, target: CpuTarget) -> bool:
    """A convolution with nothing fused after it (its epilogue too long or absent) whose input no
    linalg op computes, and whose width the register tile would split, is tiled op by op too,
    with its init through the forall (`_init_through_forall`), when a tile that divides its width
    keeps the FMA units busy (`MIN_ACCUMULATORS`). Tiled by `transform.structured.fuse` after
    the width split, its bias broadcast stayed a pass of its own over the result (YOLOv8's
    160-, 80- and 40-wide convolutions before each SiLU: 27 broadcast sections, 4% of the call);
    the dividing tile gives up the split's last FMAs per load. YOLO at one thread 1.09-1.12 ->
    1.01-1.04x onnxruntime (docs/backend-measurements.md, "Exported networks, eighth session")."""
    if not INIT_WITHOUT_PRODUCER or conv.name != "linalg.conv_2d_nhwc_hwcf" or \
            not _init_through_forall(conv, root, without_producer=True):
        return False
    result = conv.results[0].type
    _, _, ow, oc = result.get_shape()
    split = choose_conv_tile(ow, oc, result.element_type.bitwidth, target)
    tile = choose_conv_tile(ow, oc, result.element_type.bitwidth, target, remainder=False)
    return split is not None and bool(split.remainder) and tile is not None and tile.accumulators >= MIN_ACCUMULATORS


INIT_WITHOUT_PRODUCER = True
"""`_init_in_dividing_tiles` on (a switch for A/B measurements)."""


INIT_THROUGH_FORALL = True
"""`_init_through_forall` on (a switch for A/B measurements)."""


def _fused_producers(conv: Operation, root: Operation, init_through_forall: bool) -> list[Operation]:
    """What the register tiles of `root` fuse besides it: the chain from `conv` to `root`, and,
    when that chain is not empty or the tiles are a forall (`_init_through_forall`), the
    convolution's `outs` producer (fill or bias broadcast)."""
    chain, op = [], conv
    while op is not root:
        chain.append(op)
        op = next(iter(op.results[0].uses)).operation
    init = _fusable_init(conv)
    if init is not None and (chain or init_through_forall):
        chain.append(init)
    return chain


def _channels_outermost(conv: Operation) -> bool:
    """A 1x1 convolution whose filter is larger than its input walks the output channels in the
    outermost tile loop: each block of filter columns is then read once and stays in cache over
    all output pixels, instead of the whole filter streaming through once per output row.
    Measured on Emerald Rapids (one thread, against onnxruntime): ResNet-50's 7x7 512 -> 2048
    layer 2.50x -> 1.85x, 14x14 1024 -> 256 1.22x -> 1.09x; its 3x3 7x7 512 -> 512 layer ran
    slower that way (2.9x -> 3.1x: the filter's rows, 2 KiB apart, overflow their L2 sets
    either way), and 56x56 3x3 64 -> 64 the same, so only 1x1 filters are reordered."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf":
        return False
    source, weights = (v.type.get_shape() for v in conv.operands[:2])
    return tuple(weights[:2]) == (1, 1) and math.prod(weights) > math.prod(source)


REDUCTION_CHUNK = 128
"""Input channels per chunk of `_chunks_reduction` (ResNet-50's 7x7 3x3 512-channel layer, cold
caches: 64 -> 2.74 ms, 128 -> 2.59 ms, 256 -> 2.77 ms, whole -> 3.30 ms)."""

CHUNKED_RESULT_MAX_BYTES = 64 * 1024
CHUNKED_FILTER_MIN_BYTES = 512 * 1024
CHUNK_HALF_L2_PANELS = True
"""Chunk filters from half the target's L2 too, when that is less than `CHUNKED_FILTER_MIN_BYTES`
(`_chunked_filter_min_bytes`); off: from `CHUNKED_FILTER_MIN_BYTES` only (an A/B switch)."""


def _chunked_filter_min_bytes(conv: Operation, target: CpuTarget | None) -> int:
    """The smallest filter whose reduction `_chunks_reduction` walks in chunks: 512 KiB, or half
    of L2 where that is less and `conv`'s input fits L2 beside the filter. A panel over half of
    L2 does not stay there over the rows' passes beside the input they read: Zen 3 (512 KiB L2),
    ResNet-50's 7x7 3x3 512 -> 512 layers, 295 KiB panels of 16 channels beside their 166 KiB
    padded input, each panel walked whole by 14 tiles (7 rows of 4 + 3 columns): the layer 0.90x
    the time in chunks. Where the input does not fit beside it (ZFNet-512's 14x14 x 512 input,
    401 KiB), each chunk's pass rereads the input from beyond L2: its two such layers in 6x16
    chunks made the network 3.4% slower (docs/backend-measurements.md, "Zen 3, fifteenth session")."""
    from xfuse.transforms.layout.blocked_filters import input_and_panel_fit_l2

    if CHUNK_HALF_L2_PANELS and target is not None and \
            input_and_panel_fit_l2(conv, conv.operands[1].type.get_shape()[3], target):
        return min(CHUNKED_FILTER_MIN_BYTES, target.l2_bytes // 2)
    return CHUNKED_FILTER_MIN_BYTES


def _chunks_reduction(conv: Operation, root: Operation, target: CpuTarget | None = None) -> int:
    """The input-channel chunk when `conv`'s reduction goes outside its register tiles, else 0.

    With the reduction inside, every output row's tiles walk the whole filter: the first row
    streams it from memory while doing a seventh of the block's work (ResNet-50's 7x7 layers,
    whose 1.2 MB filter blocks come from DRAM on every call: 3.3 ms against onnxruntime's 2.2).
    Walking one tap and `REDUCTION_CHUNK` channels at a time outside the tiles reuses each
    filter chunk for all rows while the next one streams in, at the price of reloading the
    accumulators per chunk: only for results small enough to stay in cache
    (`CHUNKED_RESULT_MAX_BYTES`, a 7x7x64 block is 12.5 KiB; Inception-v2's and DenseNet's larger
    ones ran 15% slower chunked), with filters large enough to matter (`_chunked_filter_min_bytes`:
    512 KiB, or half of L2 where that is less and the input fits beside it), and no epilogue fused into the tiles (the chain's
    ops would run once per chunk)."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or root is not conv:
        return 0
    result, weights = conv.results[0].type, conv.operands[1].type
    itemsize = result.element_type.bitwidth // 8
    if math.prod(result.get_shape()) * itemsize > CHUNKED_RESULT_MAX_BYTES or \
            math.prod(weights.get_shape()) * itemsize < _chunked_filter_min_bytes(conv, target):
        return 0
    channels = weights.get_shape()[2]
    return REDUCTION_CHUNK if channels > REDUCTION_CHUNK and channels % REDUCTION_CHUNK == 0 else channels


_PASS_THROUGH = ("tensor.collapse_shape", "tensor.expand_shape", "tensor.extract_slice", "tensor.cast")
"""Ops through which a convolution's input still comes from the producer behind them."""


def _input_has_tileable_producer(conv: Operation) -> bool:
    """A linalg op computes `conv`'s input, directly or through slices and reshapes:
    `transform.structured.fuse` would pull that producer into every register tile and recompute
    it per tile, so such a convolution is fused op by op.
    - Through a slice (a piece of xfuse/backends/in_place/conv_borders.py reads a slice of the
      activation): YOLO's 3x3 stride-2 160 -> 80 convolution recomputed the SiLU before it (an
      exp polynomial) for each tile's window: 4.99 ms against onnxruntime's 0.73
      (docs/backend-measurements.md, "Exported networks, eighth session").
    - Through a slice of the pixel range (a part of an odd-width layer flattened in two,
      flat_pixels.py), likewise.
    - Through flat_pixels.py's collapse and expand pair, which `transform.structured.fuse` folds:
      EfficientNet-B0's flattened 80 -> 320 layer recomputed the previous convolution and its
      residual add per column tile and ran at 0.2 GFLOP/s."""
    source = conv.operands[0]
    while isinstance(source, OpResult) and source.op.name in _PASS_THROUGH:
        source = source.op.operands[0]
    return isinstance(source, OpResult) and source.op.name.startswith("linalg.")


def _before_broadcast_operands(conv: Operation, end: Operation) -> Operation:
    """The last op of the chain `conv` .. `end` before the first one that reads an operand with a
    broadcast map, such as a batch norm's per-channel scale: vectorized in the register tiles,
    those reads made ResNet-50's and Inception-v2's code so large that mlir-opt and opt took 4-8x
    as long (Inception-v2: 37 -> 123 s), with no gain at run time. A rank-0 operand (the `()`
    map: ONNX `Clip`'s min and max, ReLU6's 0 and 6) is one scalar per tile, not a broadcast: the
    chain goes on through it (MobileNetV2, whose expansion convolutions' ReLU6 and bias broadcast
    were passes of their own over 112x112x96 results: 1.52-1.65x -> 1.14x onnxruntime)."""
    root, op = conv, conv
    while op is not end:
        op = next(iter(op.results[0].uses)).operation
        if op.name == "linalg.generic" and not all(_is_identity(m.data) or not m.data.results
                                                   for m in op.properties["indexing_maps"].data):
            return root
        root = op
    return root


def _conv_root(conv: Operation, target: CpuTarget) -> Operation:
    """The last op of the elementwise chain after `conv` (ReLU, residual add; up to the first op
    with a broadcast operand, `_before_broadcast_operands`), which then runs on the register
    tiles' accumulators instead of as passes of their own over the result (SqueezeNet: its bias
    broadcasts and ReLUs were 24% of the call; up to the first long one too,
    `_before_long_epilogues`); `conv` itself when that would cost the width
    split of an unfused convolution (only
    `transform.structured.fuse` of the convolution alone makes its remainder tile), and for an
    unfused depthwise convolution (ShuffleNet's 136-channel ones with their batch norm in the
    8-lane tiles ran at 3 GFLOP/s: the whole network 9.9 -> 12.1 ms). In a loop (xfuse's tiles,
    xfuse-block-filters' blocks) the chain is fused unless the convolution's reduction is walked
    in chunks (`_chunks_reduction`; the chain would run once per chunk): the chain then runs
    after it on the loop's slice, in cache (ResNet-50's 7x7 blocks with their ReLU in the tiles
    lost the chunks and ran 2.2-2.5 -> 2.8-2.9 ms)."""
    if _in_tiled_loop(conv):
        if chunked_in_loop(conv, target) or pointwise_chunk(conv, target):
            return conv  # reduction in chunks (`_chunks_reduction`); the chain then runs on the loop's slice, in cache
        return _elementwise_chain_end(conv, conv.parent_block())
    if conv.name != "linalg.conv_2d_nhwc_hwcf":
        return conv
    root = _elementwise_chain_end(conv, conv.parent_block())
    root = _before_long_epilogues(conv, _before_broadcast_operands(conv, root))
    if root is conv or _input_has_tileable_producer(conv):
        return root
    result = conv.results[0].type
    _, _, ow, oc = result.get_shape()
    tile = choose_conv_tile(ow, oc, result.element_type.bitwidth, target)
    return conv if tile is not None and tile.remainder else root


def chunked_in_loop(conv: Operation, target: CpuTarget) -> bool:
    """`conv`, in a loop (xfuse's tiles, xfuse-block-filters' blocks), walks its reduction in
    chunks outside its register tiles (`_chunks_reduction`), its chain after it on the loop's
    slice (`_conv_root`)."""
    if not _in_tiled_loop(conv) or not _chunks_reduction(conv, conv, target) or _input_has_tileable_producer(conv):
        return False
    result = conv.results[0].type
    _, _, ow, oc = result.get_shape()
    tile = choose_conv_tile(ow, oc, result.element_type.bitwidth, target, remainder=False)
    return tile is not None and not tile.remainder


def _one_by_one(conv: Operation, root: Operation, init_only: bool) -> bool:
    """`conv` is fused op by op, with a dividing tile: its input has a linalg producer, its root
    is a chain (`transform.structured.fuse` of a chain's root would also pull whatever computes
    the chain's other operands, a residual computed in the same tile, into the register tiles),
    or its init goes through the forall (`_init_in_dividing_tiles`)."""
    return _input_has_tileable_producer(conv) or root is not conv or init_only


def takes_a_dividing_tile(conv: Operation, target: CpuTarget) -> bool:
    """`plan_convolutions` will fuse `conv` op by op, with a tile dividing its width (no split)."""
    root = _conv_root(conv, target)
    return _one_by_one(conv, root, _init_in_dividing_tiles(conv, root, target))


def plan_convolutions(module: ModuleOp, target: CpuTarget) -> list[ConvGroup]:
    """Mark each schedulable convolution, its root and the ops fused with it; the groups.

    A convolution whose input a linalg op computes (a ReLU or pooling of the layer before), or
    whose root is a fused consumer chain, is fused op by op (`CONV_INSTANCE_ATTR`,
    `CONV_PRODUCER_ATTR`), with a dividing tile; the others with `transform.structured.fuse`,
    which may split off a remainder tile and fuses the `outs` producer of the convolution too."""
    groups: dict[tuple, list[int]] = {}
    instance = 0
    for function in module.walk():
        if not isinstance(function, func.FuncOp):
            continue
        for op in function.walk():
            if not schedulable(op):
                continue
            result = op.results[0].type
            _, _, ow, oc = result.get_shape()
            root = _conv_root(op, target)
            if root is not op and CONV_ROOT_ATTR in root.attributes:
                root = op  # the chain joins another convolution's (a residual add of two branches)
            init_only = _init_in_dividing_tiles(op, root, target)
            one_by_one = _one_by_one(op, root, init_only)
            through_forall = _init_through_forall(op, root, without_producer=init_only)
            tile = choose_conv_tile(ow, oc, result.element_type.bitwidth, target, remainder=not one_by_one)
            if tile is None:
                continue
            if op.name == "linalg.depthwise_conv_2d_nhwc_hwc":
                tile = one_vector_depthwise(tile)
            chunk = _chunks_reduction(op, root, target) if not one_by_one and not tile.remainder else 0
            if not chunk and root is op and not tile.remainder and (chunk := pointwise_chunk(op, target)):
                pointwise = True  # a 1x1 layer's block, fused op by op (pointwise_chunks.py)
            else:
                pointwise = False
            channels = chunk or op.operands[1].type.get_shape()[2]  # the K loop's trip count
            unroll = choose_k_unroll(tile, channels, target) if op.name == "linalg.conv_2d_nhwc_hwcf" else 1
            rows = chunk_tile_rows(op, tile, chunk, target) if op.name == "linalg.conv_2d_nhwc_hwcf" else 1
            oh = result.get_shape()[1]
            key = (CONV_KINDS[op.name], tile, root is op, one_by_one, _channels_outermost(op), sequential_tiles(op), chunk,
                   unroll, through_forall, rows, oh - oh % rows if oh % rows else 0, pointwise)
            instances = groups.setdefault(key, [])
            group = list(groups).index(key)
            if pointwise:
                prepare_chunked(op, group)
            op.attributes[CONV_ATTR] = root.attributes[CONV_ROOT_ATTR] = IntegerAttr(group, IntegerType(64))
            if one_by_one:
                instances.append(instance)
                root.attributes[CONV_INSTANCE_ATTR] = IntegerAttr(instance, IntegerType(64))
                for producer in _fused_producers(op, root, through_forall):
                    producer.attributes[CONV_PRODUCER_ATTR] = IntegerAttr(instance, IntegerType(64))
                instance += 1
            for pad in _input_pads(op):
                pad.attributes[CONV_PAD_ATTR] = UnitAttr()
    return [ConvGroup(g, *key[:3], tuple(instances), *key[4:]) for g, (key, instances) in enumerate(groups.items())]


def plan_pads(module: ModuleOp) -> int:
    """Mark every other static 4-D float `tensor.pad` at a function's top level (the `-inf`
    padding of a max pooling, the zeros of a convolution the schedule does not take) with
    `CONV_PAD_ATTR` too: a fill and row copies, vectorized, instead of scalar loops that pick
    between the source and the padding value per element (Inception-v2's pads were 23% of its
    call). How many were marked."""
    count = 0
    for function in module.walk():
        if not isinstance(function, func.FuncOp) or not function.body.blocks:
            continue
        for op in function.body.block.ops:
            if op.name != "tensor.pad" or CONV_PAD_ATTR in op.attributes:
                continue
            types = (op.operands[0].type, op.results[0].type)
            padding = op.regions[0].block.last_op.operands[0]
            invariant = padding.owner.parent_block() is not op.regions[0].block if isinstance(padding, OpResult) \
                else padding.block is not op.regions[0].block
            if all(_static_float_tensor(t) is not None and t.get_num_dims() == 4 for t in types) and \
                    not any(op.operands[1:]) and invariant:
                op.attributes[CONV_PAD_ATTR] = UnitAttr()
                count += 1
    return count


def _fuse(indent: str, target: str, owb: int, ocb: int, name: str, cleanup: bool = False, interchange: str = "",
          parallel: bool = False, rows: int = 1) -> str:
    """`name` = the outermost loop of the `1 x rows x owb x ocb` register tiles of `target` (with
    `parallel`, the one `scf.forall` over all four tile dimensions)."""
    flags = [flag for flag, on in (("apply_cleanup", cleanup), ("use_forall", parallel)) if on]
    attributes = f" {{{', '.join(flags)}}}" if flags else ""
    if parallel:
        return (f"{indent}{name}_tiled, {name} = transform.structured.fuse {target} "
                f"tile_sizes [1, {rows}, {owb}, {ocb}]{attributes}\n"
                f"{indent}  : ({_ANY}) -> ({_ANY}, {_ANY})\n")
    return (f"{indent}{name}_tiled, {name}, {name}_l1, {name}_l2, {name}_inner = transform.structured.fuse {target} "
            f"tile_sizes [1, {rows}, {owb}, {ocb}]{interchange}{attributes}\n"
            f"{indent}  : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY}, {_ANY})\n")


_CHANNELS_OUTERMOST = [0, 3, 1, 2]
"""The tile loops' order `(n, oc, oh, ow)`; the loop handles are named by position (`_l1`,
`_l2`, `_inner`), not by dimension."""


def _register_tiles(group: ConvGroup, parallel: bool = False) -> str:
    """The register tiles of `group`'s roots, `%cloops{g}` their outermost loops. With
    `parallel`, the tile loops are one `scf.forall` (the parallel pipelines run its iterations on
    every CPU; in a forall the tile order is unspecified, so `channels_outermost` does not apply)."""
    g, t = group.group, group.tile
    interchange = f" interchange = {_CHANNELS_OUTERMOST}" if group.channels_outermost else ""
    fuse_interchange = f" interchange {_CHANNELS_OUTERMOST}" if group.channels_outermost else ""
    roots = f"transform.structured.match attributes{{{CONV_ROOT_ATTR} = {g} : i64}} in %root"
    if group.instances:
        lines = []
        for k in group.instances:
            if group.reduction_chunk:  # the reduction in chunks first (pointwise_chunks.py), the tiles inside
                tiling, inner = chunk_then_tiles(group, k, interchange, _ANY), f"%ci{k}_inner"
            elif parallel or group.forall_tiles:
                tiling = f"""\
    %ci{k}_tile, %ci{k}_n = transform.structured.tile_using_forall %ci{k} tile_sizes [1, 1, {t.mr}, {t.nr}]
      : ({_ANY}) -> ({_ANY}, {_ANY})
"""
                inner = f"%ci{k}_n"
            else:
                tiling = f"""\
    %ci{k}_tile, %ci{k}_n, %ci{k}_l1, %ci{k}_l2, %ci{k}_inner = transform.structured.tile_using_for %ci{k} \
tile_sizes [1, 1, {t.mr}, {t.nr}]{interchange}
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY}, {_ANY})
"""
                inner = f"%ci{k}_inner"
            lines.append(f"""\
    %ci{k} = transform.structured.match attributes{{{CONV_INSTANCE_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
{tiling}\
    %cp{k} = transform.structured.match attributes{{{CONV_PRODUCER_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
""" + fuse_into_each("    ", f"%cp{k}", inner, f"%cp{k}_fused", f"%ci{k}_inner_fused"))
        handles = ", ".join(f"%ci{k}_n" for k in group.instances)
        return "".join(lines) + f"    %cloops{g} = transform.merge_handles {handles} : {_ANY}\n"
    if group.reduction_chunk:  # the reduction in chunks outside the tiles (`_chunks_reduction`)
        chunks = chunk_init(group, f"%cwhole{g}", _ANY) + f"""\
    %cwhole{g} = {roots} : ({_ANY}) -> {_ANY}
    %cchunk{g}, %cchunk_loops{g}:3 = transform.structured.tile_using_for %cwhole{g} \
tile_sizes [0, 0, 0, 0, 1, 1, {group.reduction_chunk}]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})
"""
        if group.rows > 1:
            return chunks + f"    %croots{g} = {roots} : ({_ANY}) -> {_ANY}\n" + row_tiles(
                g, group.rows, group.row_split, _ANY,
                lambda target, name, cleanup, rows: _fuse("      " if cleanup else "    ", target, t.mr, t.nr, name, cleanup,
                                                          fuse_interchange, parallel, rows))
        return chunks + f"    %croots{g} = {roots} : ({_ANY}) -> {_ANY}\n" + _fuse(
            "    ", f"%croots{g}", t.mr, t.nr, f"%cloops{g}", interchange=fuse_interchange, parallel=parallel)
    if not t.remainder:
        return f"    %croots{g} = {roots} : ({_ANY}) -> {_ANY}\n" + _fuse("    ", f"%croots{g}", t.mr, t.nr, f"%cloops{g}",
                                                                            interchange=fuse_interchange,
                                                                            parallel=parallel)
    # The width is split at the last full block; the rest gets one `remainder`-wide tile.
    return f"""\
    %croots{g} = {roots} : ({_ANY}) -> {_ANY}
    %cloops{g} = transform.foreach %croots{g} : {_ANY} -> {_ANY} {{
    ^bb0(%op: {_ANY}):
      %parts = transform.structured.split %op after {t.split_rows} {{dimension = 2}} : {_ANY}
      %full, %rest = transform.split_handle %parts : ({_ANY}) -> ({_ANY}, {_ANY})
{_fuse("      ", "%full", t.mr, t.nr, "%full_n", True, fuse_interchange, parallel)}\
{_fuse("      ", "%rest", t.remainder, t.nr, "%rest_n", True, fuse_interchange, parallel)}\
      %both = transform.merge_handles %full_n, %rest_n : {_ANY}
      transform.yield %both : {_ANY}
    }}
"""


def _group_body(group: ConvGroup, parallel: bool = False) -> str:
    g, t = group.group, group.tile
    reductions = REDUCTION_TILES[group.kind]
    if group.kind == "depthwise":
        reductions = depthwise_reduction_tiles(reductions)
    loops = [f"%c{name}{g}" for name in ("kh", "kw", "ic")[: sum(reductions)]]
    results = ", ".join([_ANY] * (1 + len(loops)))
    hoists = "".join(f"    transform.loop.hoist_loop_invariant_subsets {loop} : {_ANY}\n" for loop in reversed(loops))
    split = f", width split after {t.split_rows}, the last {t.remainder} in their own tile" if t.remainder else ""
    if group.reduction_chunk:
        split += f", reduction in chunks of one tap x {group.reduction_chunk} channels outside the tiles"
    if group.k_unroll > 1:
        split += f", input-channel loop unrolled by {group.k_unroll}"
    unroll = (f"    transform.loop.unroll {loops[-1]} {{factor = {group.k_unroll}}} : {_ANY}\n"
              if group.k_unroll > 1 else "")
    row_folds, row_unroll = row_subset_folds(g, group.rows, _ANY), row_loop_unroll(g, group.rows, _ANY)
    if group.rows > 1:
        split += f", {group.rows} output rows per tile over the first {group.row_split}"
    return f"""\
    // conv group {g}: {group.kind}, register tile {t.mr} pixels x {t.nr} channels \
({t.accumulators} accumulators of {t.lanes} lanes){split}
{_register_tiles(group, parallel and not group.in_forall)}\
    %cfunc{g} = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
{remove_dead_ops(f"%cfunc{g}")}\
    %convs{g} = transform.structured.match attributes{{{CONV_ATTR} = {g} : i64}} in %root : ({_ANY}) -> {_ANY}
    %cstep{g}, {", ".join(loops)} = transform.structured.tile_using_for %convs{g} tile_sizes {reductions}
      : ({_ANY}) -> ({results})
{row_loops(g, group.rows, CONV_ATTR, _ANY)}\
    %conv1d{g} = transform.structured.decompose {"%cstep_rows" if group.rows > 1 else "%cstep"}{g} : ({_ANY}) -> {_ANY}
    transform.structured.vectorize %conv1d{g} : {_ANY}
    transform.foreach %cloops{g} : {_ANY} {{
    ^bb0(%loop: {_ANY}):
      %ops = transform.structured.match interface{{LinalgOp}} in %loop : ({_ANY}) -> {_ANY}
      transform.foreach %ops : {_ANY} {{
      ^bb1(%op: {_ANY}):
        transform.sequence %op : {_ANY} failures(suppress) {{
        ^bb2(%one: {_ANY}):
          transform.structured.vectorize %one : {_ANY}
        }}
      }}
    }}
{row_folds}\
    transform.apply_patterns to %cfunc{g} {{
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    }} : {_ANY}
    transform.apply_patterns to %cfunc{g} {{
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_masked_transfers
    }} : {_ANY}
{row_unroll}\
{hoists}\
{unroll}\
"""


PAD_FILL_ATTR = "xfuse.pad_border_fill"
"""Marks the fills of a padded buffer's border slabs (xfuse/backends/in_place/pads_in_place.py)."""


def conv_schedule_bodies(groups: list[ConvGroup], pads: bool = False, parallel: bool = False,
                         border_fills: bool = False) -> list[str]:
    """The transform ops (on `%root`) of the convolution schedule for `groups`, the marked
    pads (`pads`: `plan_pads` marked some) and the border fills of pads written in place
    (`border_fills`: `pads_in_place` made some); [] when there is none of them. `parallel`: the
    register tiles are `scf.forall` iterations (for the pipelines that run foralls on every CPU).

    Each group's accumulators are hoisted before any canonicalization: it would fold the
    one-trip reduction loops of a 1x1 filter that the hoisting handles name."""
    if not groups and not pads and not border_fills:
        return []
    fill_body = f"""\
    %bfills = transform.structured.match attributes{{{PAD_FILL_ATTR}}} in %root : ({_ANY}) -> {_ANY}
    %bfill_rows, %bfill_loops:3 = transform.structured.tile_using_for %bfills tile_sizes [1, 1, 1]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})
    transform.structured.vectorize %bfill_rows : {_ANY}
""" if border_fills else ""
    pad_body = f"""\
    %cpads_funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %cpads_funcs {{
      transform.apply_patterns.canonicalization
    }} : {_ANY}
""" + fill_body + (f"""\
    %cpads = transform.structured.match attributes{{{CONV_PAD_ATTR}}} in %root : ({_ANY}) -> {_ANY}
    %cpads_dps = transform.structured.rewrite_in_destination_passing_style %cpads : ({_ANY}) -> {_ANY}
    %cpad_fills = transform.get_producer_of_operand %cpads_dps[1] : ({_ANY}) -> {_ANY}
    %cpad_copies = transform.structured.insert_slice_to_copy %cpads_dps : ({_ANY}) -> {_ANY}
    %cpad_rows, %cpad_row_loops:3 = transform.structured.tile_using_for %cpad_fills tile_sizes [1, 1, 1]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})
    transform.structured.vectorize %cpad_rows : {_ANY}
    %cpad_copy_rows, %cpad_copy_loops:3 = transform.structured.tile_using_for %cpad_copies tile_sizes [1, 1, 1]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY})
    transform.structured.vectorize %cpad_copy_rows : {_ANY}
""" if pads else "")
    if not groups:
        return [pad_body]
    return [pad_body + "".join(_group_body(g, parallel) for g in groups) + f"""\
    %cfuncs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %cfuncs {{
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.canonicalization
    }} : {_ANY}
    transform.apply_patterns to %cfuncs {{
      transform.apply_patterns.vector.lower_contraction lowering_strategy = outerproduct
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.canonicalization
    }} : {_ANY}
"""]
