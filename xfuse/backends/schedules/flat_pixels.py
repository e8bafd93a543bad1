"""1x1 convolutions over their flattened pixels, where that gives them a better register tile.

A 1x1, stride-1 `linalg.conv_2d_nhwc_hwcf` is a matrix product of its `N*H*W` pixels by its
filter: no tap reaches a neighbouring pixel, so its rows of pixels may as well be one row. A
convolution's register tile covers pixels of one output row (`choose_conv_tile(W, OC)`), and a
narrow row limits it: on AVX2, ResNet-50's 14-wide stage gets 14x8 tiles (half a cache line of
filter per K step, all 16 registers, so no unrolled K loop), where the 196 pixels of its 14x14
images take 4x16 (whole lines, unrolled). Measured on Zen 3 (ReLU -> 1x1 convolution + bias
[-> residual add] -> ReLU through `xfuse.onnx.load`, without and with this rewrite in one
process, CPU time, fastest of 15-25): 14x14, 256 -> 1024 with the residual 3.73-4.70 ->
3.56-4.26 ms in three runs, 1024 -> 256 2.78 / 4.01 -> 2.57 / 2.51, 256 -> 256 0.70 -> 0.60;
ResNet-50 a few percent at one thread at most (docs/backend-measurements.md, "Zen 3, third session").

`flatten_pointwise_pixels(module, target)` rewrites each such convolution whose flattened width
gets a dividing tile of a better score (`_score`: FMAs per load with B's rows counted as whole
cache lines, scaled by the share of the FMA units its accumulators keep busy) to work on
`[1, 1, N*H*W, C]`. It takes along what its register tiles fuse, so that they still do: the
`linalg.broadcast`, `linalg.fill` or bias generic it accumulates into, and the chain of
elementwise ops after it (a ReLU, a residual add: every operand read through the identity map or
per channel), each the single user of the one before. Every other 4-D operand (the input, a
residual, the destinations) goes through `tensor.collapse_shape [[0, 1, 2], [3]]` and
`tensor.expand_shape`, and the chain's result back the same way: no copy, also on a channel
slice of a wider tensor (`xfuse-block-filters`' blocks), whose `H` and `W` stay contiguous to
each other (not in a pad's interior, whose rows are the padded width apart: pads_in_place.py
leaves such a loop its pad, `COLLAPSED_INTERIORS`). Called by the micro-kernel pipelines before the convolutions are planned.

Odd widths (`_pixel_split`): SqueezeNet's 13x13 layers get 13x8 over a row and over 169 pixels
alike, and no tile of 12 accumulators divides 169. They are flattened as two parts, pixels
`[0, 168)` (6x16) and `[168, 169)` (1x32), each with its own copy of the init producer and the
chain on its slices, written into one `tensor.empty` with `tensor.insert_slice` (in place after
`eliminate-empty-tensors`); each part is then an ordinary dividing problem for the op-by-op fusion.
With `ROW_REMAINDER` (off: measured slower) a remainder of exactly one row may cover any share:
it keeps the rows' own tile, so only the head's changes (7x7 in blocks of 8: 42 pixels in 14x8
+ 7 in 7x8). With `FULL_REMAINDER` (on) a remainder whose own tile of whole lines keeps the FMA
units busy may cover any share (`_full_split`): 7x7 maps' 49 pixels as 45 (5x16 fused op by op,
as in a network; a head `transform.structured.fuse` tiles splits itself, 42 in 6x16 + 3) + 4
(4x16) in blocks of 16, where 7x8 took both their rows and their 49 pixels (ResNet-50 1.8-2.9%
faster; docs/backend-measurements.md, "Zen 3, thirteenth session"). With `WIDE_HEAD` (off:
measured level) 14x14 maps,
whose 196 pixels divide in 4x16 (8 accumulators, no slack over the FMA latency), split as 192 in
6x16 (12) + 4 in 4x16 (docs/backend-measurements.md, "Zen 3, sixteenth session: 14x14 1x1 layers
as 192 + 4 pixels").
SqueezeNet at one thread on Zen 3, two profiles interleaved on a shared machine: its twelve
split 1x1 layers (13x13 and 27x27) 1.74 -> 1.35 and 1.31 -> 1.12 ms in all, the network level
within the noise (docs/backend-measurements.md, "Odd widths split over their flattened pixels").
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp, InsertSliceOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.conv import choose_conv_tile, schedulable
from xfuse.backends.schedules.matmul import ELEMENTWISE_NAMED
from xfuse.backends.schedules.micro_tile import (
    MAX_MR,
    MIN_ACCUMULATORS,
    SPLIT_ACCUMULATORS,
    TILE_VECTORS,
    MicroTile,
    conv_b_load_weight,
)
from xfuse.backends.target import CpuTarget

FLAT_PIXELS_ENABLED = True
"""Whether the micro-kernel pipelines flatten. Off from the seventh to the eighth session of
2026-11-29: in EfficientNet-B0 a flattened 1x1 convolution (80 -> 320 channels at 14x14, a swish
after it) ran at 0.2 GFLOP/s and the network took 4.4-4.7x onnxruntime's time. The cause was the
convolution schedule, not this rewrite: the input's producer (the layer before, with its residual
add) sat behind the flattening's collapse and expand, which `transform.structured.fuse` folds, so
it was fused into every register tile and recomputed per column tile (conv.py,
`_input_has_tileable_producer` now looks through reshapes). Since then, one thread, Zen 3, CPU
time, one process, interleaved with onnxruntime (docs/backend-measurements.md, "Zen 3, eighth
session"): ResNet-50 168.8 -> 166.6, 136.8 -> 129.8 and 140.9 -> 132.2 ms fastest (both call
orders; two threads 87.2 -> 84.8), EfficientNet-B0, MobileNet-v2 and DenseNet-121 level within
the noise."""

FLAT_PIXELS_MAX_REGISTERS = 16
"""Register files (AVX2, SSE) where flattening was measured; AVX-512's 32 registers give the
14-wide rows 14x32 tiles, and their choices stay as they were."""

MAX_REMAINDER_SHARE = 0.01
"""The largest share of the flattened pixels a remainder part may cover (`_pixel_split`): SqueezeNet's
13x13 (169 = 168 + 1, 0.6%) and 27x27 (729 = 726 + 3) layers split; ResNet-50's 7x7 (49 = 48 + 1,
2%) do not, where 6x16 + 1x16 per image was measured slower than 7x8 in the fifth session."""

ROW_REMAINDER = False
"""Whether a remainder part of exactly one row of pixels may cover any share (`_pixel_split`): it
runs the rows' own tile, so only the head's tile changes (ResNet-50's 7x7 layers in blocks of 8:
49 = 42 in 14x8 + 7 in 7x8). Off: flag_ab.py, T=1, ResNet-50 0.973x (8/10 rounds) in one build
order and 1.085x (5/10) in the other, Inception-v2 1.074x (2/10) and 1.104x at T=2 (1/10), with
the head's input padded (pixel_strides.py) (docs/backend-measurements.md, "Zen 3, twelfth
session")."""

FULL_REMAINDER = True
"""Whether a split whose remainder part keeps the FMA units busy by itself (`MIN_ACCUMULATORS`
accumulators in its `remainder x NR` tile) may leave a remainder of any share, with a head of
`MIN_ACCUMULATORS` too (`_full_split`): a 7x7 map's 49 pixels as 45 in 5x16 (10 accumulators,
one cache line of filter per step) + 4 in 4x16 (8), where its rows and its 49 pixels get 7x8
(7 accumulators, each step waiting on the FMA before it, half a line of filter). Neither part is
latency-bound, unlike the one-pixel (48 + 1) and one-row (42 + 7) remainders measured slower.
xfuse-block-filters then sizes the blocks by the head's tile (16, `dividing_tile`)."""

SMALL_REMAINDER_BLOCKS = True
"""Whether xfuse-block-filters also sizes its blocks by a split whose remainder is only a small
share (`MAX_REMAINDER_SHARE`, `dividing_tile`), not only by `_full_split`s: SqueezeNet's 13x13
1x1 layers (fire8/9, 384/512 -> 64 and 64 -> 256) were blocked 8 wide by their rows' 13x8 tile,
and in a block of 8 no split beats 13x8 (13 accumulators, half a line of filter per step), while
in blocks of 16 they split 168 in 6x16 + 1 in 1x16 as their unblocked layers beside them do.
(docs/backend-measurements.md, "Zen 3, fifteenth session: 13x13 1x1 blocks".)"""

PARTS_IN_THEIR_DESTINATION = False
"""Whether a split's parts are inserted into the chain's own destination where it is not a
`tensor.empty` (`_split_destination`): in a loop over filter blocks (`xfuse-block-filters`) the
last op of the chain writes the block's slice of the loop's shared output, and each part already
computed in its slice of it; inserted into a `tensor.empty` of their own instead, the parts were
a buffer per iteration that bufferization copied into the slice (a strided `memrefCopy`, element
by element: SqueezeNet's conv10, 63 blocks of 169 x 16, and its fire8/9 1x1 layers). Off by
default: SqueezeNet was level against a control build and ResNet-50 at one thread 1.021x the
time with it (faster in 1 of 10 interleaved rounds; docs/backend-measurements.md, "Zen 3,
sixteenth session"), so the copies it removes do not pay; on for A/B runs."""

WIDE_HEAD = False
"""Whether a narrow-row layer's flattened pixels, whose dividing tile has whole lines but fewer
than `SPLIT_ACCUMULATORS` (14x14's 196 pixels in 4x16: 8 accumulators, no slack over FMA latency
x ports), may also split for a head tile of `SPLIT_ACCUMULATORS` when the remainder is a
`_full_split`'s (196 = 192 in 6x16 + 4 in 4x16, modelled 0.99 against 4x16's 0.80). Only where
the rows have no tile of whole lines and `MIN_ACCUMULATORS` of their own (the 14-wide rows, 14x8,
which this module flattens for 4x16): the 56- and 28-wide layers, whose rows take 4x16, measured
3132 + 4 and 780 + 4 slower or level (docs/backend-measurements.md, "Zen 3, fifth session"); a
7x7 map's 49 pixels have no such dividing tile and split by `FULL_REMAINDER` as before. Off:
flag_ab.py, RegNet-Y 1.004 (5/12 rounds) at T=1 and 1.072 (4/12) at T=2, ResNet-50 1.071 (6/12)
and 0.943 (7/12), DenseNet-121 1.039 (1/12) and 1.000 (7/12); the layers alone 0.88-1.14 (docs/backend-measurements.md, "Zen 3, sixteenth
session: 14x14 1x1 layers as 192 + 4 pixels")."""

_PIXELS = [[0, 1, 2], [3]]
"""The reassociation that collapses `N, H, W` into one dimension (and expands it back)."""


def _reassociation() -> ArrayAttr:
    return ArrayAttr([ArrayAttr([IntegerAttr(d, i64) for d in group]) for group in _PIXELS])


def _score(tile: MicroTile | None) -> float:
    """How `choose_micro_tile` ranks a dividing tile, the latency of too few accumulators included."""
    if tile is None:
        return 0.0
    return tile.fmas_per_line_load * min(1.0, tile.accumulators / MIN_ACCUMULATORS)


def _flat_type(type_: TensorType) -> TensorType:
    n, h, w, c = type_.get_shape()
    return TensorType(type_.element_type, [1, 1, n * h * w, c])


def _pointwise(conv: Operation) -> bool:
    """A static 1x1, stride-1 NHWC convolution with more than one row of pixels."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return False
    strides = conv.properties.get("strides") or conv.attributes.get("strides")
    if strides is None or any(s != 1 for s in strides.get_values()):
        return False
    kh, kw, _, _ = conv.operands[1].type.get_shape()
    n, h, _, _ = conv.results[0].type.get_shape()
    return (kh, kw) == (1, 1) and n * h > 1


def _gains(conv: Operation, target: CpuTarget) -> bool:
    """The flattened pixels get a better-scored dividing tile than one row of them."""
    result = conv.results[0].type
    n, h, w, oc = result.get_shape()
    bits = result.element_type.bitwidth
    return _score(choose_conv_tile(n * h * w, oc, bits, target, remainder=False)) > \
        _score(choose_conv_tile(w, oc, bits, target, remainder=False))


def dividing_tile(conv: Operation, channels: int, target: CpuTarget) -> MicroTile | None:
    """The dividing register tile the schedule gives `conv` computing `channels` of its output
    channels: over its flattened pixels where this rewrite takes it (`_gains`; an odd width's
    split, `_pixel_split`, aside), else over one row; where column_split.py will split the
    rows, the tile of its first part (a block of 16 channels for SqueezeNet's 13-wide rows, so
    that the parts' 5x16 and 3x16 tiles fit it); likewise the head's tile of a pixel split
    (`_full_split`, or any with `SMALL_REMAINDER_BLOCKS`: 168 in 6x16 + 1 for 13x13 1x1 layers).
    xfuse-block-filters sizes its blocks by it."""
    from xfuse.backends.schedules import column_split

    if column_split.COLUMN_SPLIT_ENABLED and (split := column_split.split_tile(conv, target, channels)) is not None:
        return split
    result = conv.results[0].type
    if _flattens(conv, target):
        n, h, w, _ = result.get_shape()
        split = _pixel_split_tile(n * h * w, w, channels, result.element_type.bitwidth, target)
        if split is not None and (_full_split(split) or SMALL_REMAINDER_BLOCKS):
            return split
    row = choose_conv_tile(result.get_shape()[2], channels, result.element_type.bitwidth, target, remainder=False)
    return (_flattens(conv, target) and _better_flat_tile(conv, channels, target)) or row


def _flattens(conv: Operation, target: CpuTarget) -> bool:
    """Whether this rewrite may flatten `conv`'s pixels on `target` (a 1x1 stride-1 convolution)."""
    return FLAT_PIXELS_ENABLED and target.vector_registers <= FLAT_PIXELS_MAX_REGISTERS and _pointwise(conv)


def _better_flat_tile(conv: Operation, channels: int, target: CpuTarget) -> MicroTile | None:
    """The dividing tile of `conv`'s flattened pixels with `channels` output channels, when it
    scores above its rows' dividing tile (`_gains`), else None."""
    result = conv.results[0].type
    n, h, w, _ = result.get_shape()
    bits = result.element_type.bitwidth
    flat = choose_conv_tile(n * h * w, channels, bits, target, remainder=False)
    return flat if _score(flat) > _score(choose_conv_tile(w, channels, bits, target, remainder=False)) else None


def _pixel_split(conv: Operation, target: CpuTarget) -> int:
    """The flattened pixels of the head part when `conv`'s pixels are split in two (0: not split).

    Only an odd width: neither its rows nor its flattened pixels get a dividing tile of whole
    cache lines and `MIN_ACCUMULATORS` (SqueezeNet's 13-wide rows and their 169 pixels get 13x8,
    13 broadcasts and half a line of filter per 13 FMAs). The head then gets a tile of
    `SPLIT_ACCUMULATORS` (6x16 for 168 pixels), the one remainder part (`MAX_REMAINDER_SHARE`)
    its own tile, scored by the parts' times (`MicroTile.row_weighted_fmas_per_load`) against
    the rows' and the flattened pixels' own choices. With `WIDE_HEAD`, also 14-wide rows, whose
    196 pixels divide only in 4x16 (8 accumulators): 192 in 6x16 + 4 in 4x16."""
    n, h, w, oc = conv.results[0].type.get_shape()
    split = _pixel_split_tile(n * h * w, w, oc, conv.results[0].type.element_type.bitwidth, target)
    return split.split_rows if split is not None else 0


def _pixel_split_tile(pixels: int, width: int, oc: int, bits: int, target: CpuTarget,
                      full: bool | None = None) -> MicroTile | None:
    """`_pixel_split`'s tile (with `split_rows`) for `pixels` flattened pixels of rows `width`
    wide and `oc` channels, or None when the pixels are not split; `full`: whether `_full_split`s
    compete (default `FULL_REMAINDER`), also against a dividing 4x16 over 14-wide rows' pixels
    (`WIDE_HEAD`: then only with a head of `SPLIT_ACCUMULATORS`)."""
    full = FULL_REMAINDER if full is None else full
    row = choose_conv_tile(width, oc, bits, target)
    flat = choose_conv_tile(pixels, oc, bits, target, remainder=False)
    rivals = [t for t in (row, flat) if t is not None]
    enough = [t for t in rivals if not t.remainder and t.whole_lines and t.accumulators >= MIN_ACCUMULATORS]
    wide_head = full and WIDE_HEAD and bool(enough) and row not in enough and \
        all(t.accumulators < SPLIT_ACCUMULATORS for t in enough)
    if not rivals or (enough and not wide_head):
        return None
    lanes = target.lanes(bits)
    tiles = [MicroTile(mr, nr, lanes, split_rows=pixels - pixels % mr, remainder=pixels % mr, element_bits=bits,
                       b_load_weight=conv_b_load_weight(target), split_by_time=True)
             for nr in (v * lanes for v in TILE_VECTORS) if oc % nr == 0
             for mr in range(1, min(pixels, MAX_MR + 1))
             if pixels % mr and MicroTile(mr, nr, lanes).registers <= target.vector_registers]
    candidates = [t for t in tiles if (
        wide_head and _full_split(t) and t.accumulators >= SPLIT_ACCUMULATORS) or (not enough and (
            (_remainder_allowed(t.remainder, pixels, width) and t.accumulators >= SPLIT_ACCUMULATORS)
            or (full and _full_split(t))))]
    if not candidates:
        return None
    best = max(candidates, key=lambda t: (t.row_weighted_fmas_per_load(), t.accumulators, t.nr))
    if best.row_weighted_fmas_per_load() <= max(t.row_weighted_fmas_per_load() for t in rivals):
        return None
    return best


def _full_split(tile: MicroTile) -> bool:
    """Both parts of a split tile keep `MIN_ACCUMULATORS` accumulators and read whole cache lines of
    filter (`FULL_REMAINDER`)."""
    return bool(tile.remainder) and tile.whole_lines and tile.accumulators >= MIN_ACCUMULATORS and \
        tile.remainder * tile.nr // tile.lanes >= MIN_ACCUMULATORS


def _remainder_allowed(remainder: int, pixels: int, width: int) -> bool:
    """A remainder part of `remainder` of `pixels` flattened pixels in rows `width` wide may be
    split off: a small share (`MAX_REMAINDER_SHARE`) or one whole row (`ROW_REMAINDER`)."""
    return 0 < remainder and (remainder <= MAX_REMAINDER_SHARE * pixels
                              or (ROW_REMAINDER and remainder == width < pixels))


def channels_tile_score(conv: Operation, channels: int, target: CpuTarget) -> float:
    """The score (`MicroTile.row_weighted_fmas_per_load`) of the register tile `conv` would get
    with `channels` output channels: its rows' tile, or, for a 1x1 stride-1 convolution this
    module flattens, the better of that, its flattened pixels' tile and their split
    (`_pixel_split`). 0 when no tile fits. channel_split.py weighs a split of the channels by it;
    the splits of `FULL_REMAINDER` do not count there (ShuffleNet's 7x7 groups of 136 channels
    would then be split 128 + 8: not measured)."""
    result = conv.results[0].type
    n, h, w, _ = result.get_shape()
    bits = result.element_type.bitwidth
    tiles = [choose_conv_tile(w, channels, bits, target)]
    if _flattens(conv, target):
        tiles += [_better_flat_tile(conv, channels, target),
                  _pixel_split_tile(n * h * w, w, channels, bits, target, full=False)]
    return max((t.row_weighted_fmas_per_load() for t in tiles if t is not None), default=0.0)


def _reads_pixelwise(map_: AffineMap) -> bool | None:
    """True for the identity (a 4-D operand reshaped with the op), False for a map that reads
    no pixel dimension (a per-channel operand, unchanged); None for any other map."""
    if map_ == AffineMap.identity(4):
        return True
    used = {e.position for r in map_.results for e in r.dfs() if isinstance(e, AffineDimExpr)}
    return None if used & {1, 2} else False


def _pixelwise_maps(op: Operation) -> list[bool] | None:
    """Per operand of an elementwise linalg op over a 4-D result: whether it is reshaped
    (`_reads_pixelwise`); None when the op cannot be flattened (another map, a reduction, the
    result not read through the identity, another op). A named elementwise op (`linalg.add`)
    reads all its operands through the identity."""
    if len(op.results) != 1 or not isinstance(op.results[0].type, TensorType) or \
            op.results[0].type.get_num_dims() != 4:
        return None
    if op.name in ELEMENTWISE_NAMED:
        same = all(operand.type == op.results[0].type for operand in op.operands)
        return [True] * len(op.operands) if same else None
    if op.name != "linalg.generic":
        return None
    if any(str(it.data) != "parallel" for it in op.properties["iterator_types"].data):
        return None
    pixelwise = [_reads_pixelwise(m.data) for m in op.properties["indexing_maps"].data]
    if None in pixelwise or not pixelwise[-1]:
        return None
    return pixelwise


def _chain(conv: Operation) -> list[Operation]:
    """The elementwise generics after `conv` that can be flattened with it, each the single
    user of the one before, in the same block."""
    chain: list[Operation] = []
    value = conv.results[0]
    while len(uses := list(value.uses)) == 1:
        user = uses[0].operation
        if user.parent_block() is not conv.parent_block() or _pixelwise_maps(user) is None or \
                user.results[0].type != value.type:
            break
        chain.append(user)
        value = user.results[0]
    return chain


def _init_producer(conv: Operation) -> Operation | None:
    """The single-use `linalg.fill`, `linalg.broadcast` over the pixels (dimensions 1 and 2
    added) or elementwise generic (a bias broadcast, `_pixelwise_maps`) that `conv` accumulates
    into: flattened with it, it stays in its register tiles."""
    init = conv.operands[2]
    if not (isinstance(init, OpResult) and init.has_one_use() and init.op.parent_block() is conv.parent_block()):
        return None
    if init.op.name == "linalg.fill" or _pixelwise_maps(init.op) is not None:
        return init.op
    if init.op.name == "linalg.broadcast":
        dims = init.op.properties.get("dimensions")
        if dims is not None and {1, 2} <= set(dims.get_values()):
            return init.op
    return None


def _flattened(value: SSAValue, anchor: Operation) -> SSAValue:
    """`value` (4-D) as `[1, 1, N*H*W, C]`, reshaped before `anchor`."""
    type_ = value.type
    n, h, w, c = type_.get_shape()
    collapse = tensor.CollapseShapeOp(operands=[value], result_types=[TensorType(type_.element_type, [n * h * w, c])],
                                      properties={"reassociation": _reassociation()})
    expand = tensor.ExpandShapeOp(collapse.results[0], [], _reassociation(), [1, 1, n * h * w, c], _flat_type(type_))
    Rewriter.insert_op([collapse, expand], InsertPoint.before(anchor))
    return expand.results[0]


def _unflattened(value: SSAValue, type_: TensorType, after: Operation) -> SSAValue:
    """`value` (`[1, 1, N*H*W, C]`) back in `type_` (`[N, H, W, C]`), reshaped after `after`."""
    n, h, w, c = type_.get_shape()
    collapse = tensor.CollapseShapeOp(operands=[value], result_types=[TensorType(type_.element_type, [n * h * w, c])],
                                      properties={"reassociation": _reassociation()})
    expand = tensor.ExpandShapeOp(collapse.results[0], [], _reassociation(), [n, h, w, c], type_)
    Rewriter.insert_op([collapse, expand], InsertPoint.after(after))
    return expand.results[0]


def _part_slice(value: SSAValue, first: int, count: int, anchor: Operation) -> SSAValue:
    """Pixels `[first, first + count)` of `value` (`[1, 1, P, C]`), sliced before `anchor`."""
    c = value.type.get_shape()[3]
    piece = ExtractSliceOp(value, [0, 0, first, 0], [1, 1, count, c], [1] * 4,
                           TensorType(value.type.element_type, [1, 1, count, c]))
    Rewriter.insert_op(piece, InsertPoint.before(anchor))
    return piece.results[0]


def _split_destination(group: list[Operation]) -> SSAValue | None:
    """The destination of the chain's last op when the split's parts are inserted into it, not
    into an empty (`PARTS_IN_THEIR_DESTINATION`): neither a `tensor.empty` (whose parts get
    empties of their own, which `eliminate-empty-tensors` can trace) nor made in `group`."""
    if not PARTS_IN_THEIR_DESTINATION:
        return None
    destination = group[-1].operands[-1]
    if isinstance(destination, OpResult) and (destination.op.name == "tensor.empty" or destination.op in group):
        return None
    return destination


def _flatten(conv: Operation, head: int = 0) -> None:
    """Flatten `conv` with its init producer and chain; with `head`, as two parts over the pixels
    `[0, head)` and the rest (`_pixel_split`), each written into its slice of one tensor: the
    chain's destination, flattened, where each part computed in its slice of it already
    (`_split_destination`: a filter block's slice of its loop's output), else one empty tensor
    (in place after `eliminate-empty-tensors`: the parts write into empties of their own), so
    that each part gets its own register tile."""
    producer = _init_producer(conv)
    chain = _chain(conv)
    group = ([producer] if producer is not None else []) + [conv] + chain
    last = group[-1]
    whole = _flat_type(last.results[0].type)
    pixels = whole.get_shape()[2]
    parts = [(0, head), (head, pixels - head)] if head else [(0, pixels)]
    views: dict[SSAValue, SSAValue] = {}
    result: SSAValue | None = None
    destination = _split_destination(group) if head else None
    if head and destination is None:
        empty = EmptyOp([], whole)
        Rewriter.insert_op(empty, InsertPoint.before(group[0]))
        result = empty.results[0]
    for first, count in parts:
        done: dict[SSAValue, SSAValue] = {}
        if destination is not None and result is not None:
            # the later part slices the destination as the part before updated it: read from the
            # value before, it was a conflict one-shot-bufferize resolved by copying it whole
            views[destination] = result
        for op in group:
            # into the destination, the parts are built in turn right before the chain's last op
            # (where every operand of the group is defined), each after the insert before it
            anchor = last if destination is not None else op
            if op is conv:
                pixelwise = [True, False, True]  # input, filter (1x1: unchanged), destination
            elif op.name in ("linalg.fill", "linalg.broadcast"):
                pixelwise = [False, True]  # the value or vector, the destination
            else:
                pixelwise = _pixelwise_maps(op)
            part_type = TensorType(whole.element_type, [1, 1, count, whole.get_shape()[3]])
            operands = []
            for index, (operand, reshape) in enumerate(zip(op.operands, pixelwise, strict=True)):
                if operand in done or not reshape:
                    operands.append(done.get(operand, operand))
                elif head and index == len(op.operands) - 1 and \
                        isinstance(operand, OpResult) and operand.op.name == "tensor.empty":
                    # A destination nothing wrote: the part's own empty, which `eliminate-empty-
                    # tensors` can trace from the insert_slice (through a reshaped slice it cannot).
                    fresh = EmptyOp([], part_type)
                    Rewriter.insert_op(fresh, InsertPoint.before(op))
                    operands.append(fresh.results[0])
                else:
                    if operand not in views:
                        views[operand] = _flattened(operand, anchor)
                    operands.append(_part_slice(views[operand], first, count, anchor) if head else views[operand])
            new = type(op).create(operands=operands, result_types=[part_type if head else whole],
                                  properties=dict(op.properties), attributes=dict(op.attributes),
                                  regions=[region.clone() for region in op.regions])
            new.location = op.location
            Rewriter.insert_op(new, InsertPoint.before(anchor))
            done[op.results[0]] = new.results[0]
        value = done[last.results[0]]
        if head and result is None:  # the destination as the first part's last op slices it
            if destination not in views:  # not sliced per pixel (no such chain seen): an empty
                empty = EmptyOp([], whole)
                Rewriter.insert_op(empty, InsertPoint.before(group[0]))
                result, destination = empty.results[0], None
            else:
                result = views[destination]
        if head:
            insert = InsertSliceOp.from_static_parameters(value, result, [0, 0, first, 0],
                                                          [1, 1, count, whole.get_shape()[3]])
            insert.location = last.location
            Rewriter.insert_op(insert, InsertPoint.before(last))
            value = insert.results[0]
        result = value
    anchor = result.owner
    last.results[0].replace_all_uses_with(_unflattened(result, last.results[0].type, anchor))
    for op in reversed(group):
        Rewriter.erase_op(op)


def flatten_pointwise_pixels(module: ModuleOp, target: CpuTarget) -> int:
    """Rewrite each 1x1, stride-1 convolution whose flattened pixels get a better register tile
    (module docstring) with its init producer and elementwise chain; how many were rewritten."""
    if target.vector_registers > FLAT_PIXELS_MAX_REGISTERS:
        return 0
    plans = [(op, _pixel_split(op, target)) for op in module.walk() if _pointwise(op)]
    plans = [(op, head) for op, head in plans if head or _gains(op, target)]
    for conv, head in plans:
        _flatten(conv, head)
    return len(plans)
