"""Convolutions that read their input unpadded: the border outputs computed with clipped filters.

A zero-padded convolution reads a padded copy of its input (`tensor.pad`, bufferized into a
buffer of its own or, by `pads_in_place`, the producer's output written into that buffer's
interior). The padded buffer is larger than the activation by its border, and where it is live
at a network's peak that border is what keeps the arena above onnxruntime's, whose kernels pad
per tile: ResNet-50's first stride-2 block holds the stage-1 output (56 x 56 x 256), the padded
input of the 3x3 stride-2 convolution (58 x 58 x 128 where onnxruntime has 56 x 56 x 128) and its
output; VGG-19's second convolution 226 x 226 x 64 beside its 224 x 224 x 64 output.

An output whose window overlaps the border multiplies the pad's zeros by some filter taps; the
same output is the convolution of the window clipped to the input with the filter clipped alike
(the taps that met zeros dropped). So, as `pool_borders` does for poolings, the convolution is
split along each spatial axis into the outputs whose windows lie inside the input and the few
at each end whose windows are clipped, and each (rows, columns) piece is a convolution of the
same kind on a slice of the unpadded input with the matching slice of the filter, written into
its slice of the output's init:

    %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] { tensor.yield %zero }
    %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2>} ins(%p, %w : 3x3xCxF) outs(%bias)
  ->
    %corner = linalg.conv_2d_nhwc_hwcf ins(%x[0, 0, 0, 0] [1, 2, 2, C], %w[1, 1, 0, 0] [2, 2, C, F]) outs(%bias[0, 0, 0, 0] [1, 1, 1, F])
    %top = linalg.conv_2d_nhwc_hwcf {strides = dense<2>} ins(%x[0, 0, 1, 0] [1, 2, 55, C], %w[1, 0, 0, 0] [2, 3, C, F]) outs(...)
    ... the left column, then the interior with the whole filter on %x[0, 1, 1, 0] [1, 55, 55, C]

No padded buffer exists (the filter slices are views of the weights); each piece is a
convolution the convolution schedule tiles (schedules/conv.py). Every output sums the same
nonzero products in the same order, less the products with the pad's zeros: adding them was
exact, so the result is bit for bit the padded convolution's (at most the sign of a zero).

Each piece starts from its own fill or bias broadcast, written where the whole one was (a fill
several convolutions share, as torch-mlir makes one per shape, into a buffer of the pieces'
own). Where the schedule fuses the elementwise chain after a convolution into its register
tiles (a `conv_2d`, or any convolution in a loop), each piece gets the chain (a ReLU, a residual
add) on its slice; after a top-level depthwise convolution the chain stays whole.

It costs time: the pieces are small convolutions of their own and the interior's width is no
longer the output's (another register tile). So only the convolutions whose padded input is the
largest padded tensor of their function are split (`peak_convolutions`), where the border is
what the arena pays for.

Rewritten: a `linalg.conv_2d_nhwc_hwcf` or `linalg.depthwise_conv_2d_nhwc_hwc` with unit
dilations and static shapes reading a `tensor.pad` by zeros of its spatial dimensions only that
nothing else reads, at a function's top level or in a loop (a channel-block split), or reading
one group's channels of an `expand_shape` of such a pad (`grouped_convs.py`'s loop); at most
`MAX_CLIPPED` clipped outputs at each end of an axis. Left alone: a convolution whose result a
`tensor.concat` takes (computed in the concatenation's buffer, where the pieces would add one).
"""

from __future__ import annotations

import math
from dataclasses import replace

from xdsl.dialects import func
from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp, InsertSliceOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.pads_in_place import padding_value
from xfuse.backends.in_place.pool_borders import axis_pieces, float_constant
from xfuse.backends.schedules.conv import choose_conv_tile
from xfuse.backends.target import host_target
from xfuse.dialects.tensor_mlir22 import ExpandShapeOp
from xfuse.transforms.layout.slice_loops import (bias_broadcast, chain_on_slice, convolution_on, elementwise_chain,
                                                 erase_with_dead_inits, private_init)

__all__ = ["CONVOLUTIONS", "CONV_BORDERS_ENABLED", "conv_borders", "padded_bytes", "padded_convolution", "peak_convolutions", "piecewise_start", "write_piece"]

CONVOLUTIONS = ("linalg.conv_2d_nhwc_hwcf", "linalg.depthwise_conv_2d_nhwc_hwc")


def _group_view(conv: Operation) -> tuple[Operation, Operation] | None:
    """(the `tensor.pad`, the `tensor.expand_shape`) when `conv`'s input is one group's channels of
    a padded tensor, as `grouped_convs.py`'s loop reads it: `extract_slice` of every pixel of
    one group of an `expand_shape` of the pad that splits only the channels (RegNet-Y)."""
    view = conv.operands[0]
    if not (isinstance(view, OpResult) and view.op.name == "tensor.extract_slice"):
        return None
    expanded = view.op.operands[0]
    if not (isinstance(expanded, OpResult) and expanded.op.name == "tensor.expand_shape" and expanded.has_one_use()):
        return None
    padded = expanded.op.operands[0]
    if not (isinstance(padded, OpResult) and padded.op.name == "tensor.pad" and padded.has_one_use()):
        return None
    groups = [list(g.get_values()) if hasattr(g, "get_values") else [i.value.data for i in g.data]
              for g in expanded.op.properties["reassociation"].data]
    shape = list(expanded.type.get_shape())
    offsets = list(view.op.properties["static_offsets"].get_values())
    sizes = list(view.op.properties["static_sizes"].get_values())
    strides = list(view.op.properties["static_strides"].get_values())
    if groups[:3] != [[0], [1], [2]] or any(st != 1 for st in strides) or len(offsets) != len(shape) or \
            offsets[:3] != [0, 0, 0] or sizes[1:3] != shape[1:3]:
        return None
    return padded.op, expanded.op


def padded_convolution(conv: Operation) -> Operation | None:
    """The zero `tensor.pad` of `conv`'s input (directly or through `_group_view`) when `conv` can
    be split (module doc), else None."""
    if conv.name not in CONVOLUTIONS or len(conv.results) != 1:
        return None
    padded = conv.operands[0]
    if isinstance(padded, OpResult) and padded.op.name == "tensor.pad" and padded.has_one_use():
        pad = padded.op
    elif (view := _group_view(conv)) is not None:
        pad = view[0]
    else:
        return None
    if any(pad.operands[1:]):
        return None
    value = padding_value(pad)
    if value is None or float_constant(value) != 0.0:
        return None
    types = (pad.operands[0].type, conv.operands[1].type, conv.results[0].type)
    if not all(isinstance(t, TensorType) and all(d >= 0 for d in t.get_shape()) for t in types):
        return None
    low = list(pad.properties["static_low"].get_values())
    high = list(pad.properties["static_high"].get_values())
    if low[0] or low[3] or high[0] or high[3]:
        return None
    if any(conv.window_parameter("dilations", w) != 1 for w in (0, 1)):
        return None
    return pad


def _split(conv: Operation) -> bool:
    """Split `conv` into pieces on its unpadded input (module doc); whether it was."""
    pad = padded_convolution(conv)
    if pad is None:
        return False
    source, filters, init = pad.operands[0], conv.operands[1], conv.operands[2]
    low = list(pad.properties["static_low"].get_values())
    shape, filter_shape, out_shape = (list(v.type.get_shape()) for v in (source, filters, conv.results[0]))
    strides = [conv.window_parameter("strides", w) for w in (0, 1)]
    axes = [axis_pieces(shape[1 + a], low[1 + a], filter_shape[a], strides[a], out_shape[1 + a]) for a in (0, 1)]
    if axes[0] is None or axes[1] is None:
        return False
    axes[1] = [part for piece in axes[1] for part in _at_register_tiles(piece, strides[1], conv)]

    # the chain goes into the pieces where the schedule fuses it into a convolution's register
    # tiles (schedules/conv.py, `_conv_root`): not after a depthwise one at a function's top level,
    # where a chain on each piece's slice was written apart from it and copied in
    fused = conv.name == "linalg.conv_2d_nhwc_hwcf" or not isinstance(conv.parent_op(), func.FuncOp)
    chain = elementwise_chain(conv.results[0], conv) if fused else []
    if any(use.operation.name == "tensor.concat" for use in (chain[-1] if chain else conv).results[0].uses):
        # a concatenation's piece is computed in the concatenation's buffer (eliminate-empty-
        # tensors); the pieces' buffer would be one more, copied in (DenseNet-121: 7.38 -> 7.66 MiB)
        return False
    made: list[Operation] = []
    start = piecewise_start(init)
    if start is None:
        current: SSAValue = private_init(init, conv)
    elif init.has_one_use():  # the pieces write where the fill or broadcast wrote (a loop's slice)
        current = init.op.operands[-1]
    else:
        whole = EmptyOp([], init.type)
        made.append(whole)
        current = whole.results[0]
    slice_input = _input_slicer(conv, source, made)
    for rows in axes[0]:
        for columns in axes[1]:
            input_slice = slice_input(rows.input_start, rows.input_extent(strides[0]),
                                      columns.input_start, columns.input_extent(strides[1]))
            filter_slice = ExtractSliceOp.from_static_parameters(
                filters, [rows.window_start, columns.window_start] + [0] * (len(filter_shape) - 2),
                [rows.window, columns.window] + filter_shape[2:])
            offsets = [0, rows.output_start, columns.output_start, 0]
            sizes = [out_shape[0], rows.outputs, columns.outputs, out_shape[3]]
            made += [input_slice, filter_slice]
            current = write_piece(conv, chain, start, current, [input_slice.results[0], filter_slice.results[0]],
                                  offsets, sizes, made)
    for op in made:
        op.location = conv.location
    Rewriter.insert_op(made, InsertPoint.before(conv))
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(current)
    erase_with_dead_inits(list(reversed(chain)))
    view = conv.operands[0]
    Rewriter.erase_op(conv)
    if view.op is not pad:  # the group view: its slice, then the expand_shape
        expand = view.op.operands[0].op
        Rewriter.erase_op(view.op)
        Rewriter.erase_op(expand)
    Rewriter.erase_op(pad)
    if start is not None and not init.uses:
        erase_with_dead_inits([init.op])
    return True


def write_piece(conv: Operation, chain: list[Operation], start, current: SSAValue, operands: list[SSAValue],
                offsets: list[int], sizes: list[int], made: list[Operation]) -> SSAValue:
    """One piece of `conv`: a convolution like it on `operands` (its input and filter slices)
    computing the output slice `offsets`/`sizes` of `current`, from its own init (`start`, from
    `piecewise_start`, or that slice of `current`), then the `chain` (a ReLU, a residual add) on
    its slice, written where the piece is (the schedule fuses it into the piece's register tiles
    as it did into the whole one's), inserted into `current`. The ops are appended to `made`;
    the value after the insert."""
    output_slice = ExtractSliceOp.from_static_parameters(current, offsets, sizes)
    made.append(output_slice)
    piece_init = output_slice.results[0] if start is None else start(output_slice.results[0], offsets, sizes, made)
    piece = convolution_on(conv, operands, [piece_init])
    made.append(piece)
    steps: list[Operation] = []
    value = chain_on_slice(chain, conv.results[0], piece.results[0],
                           lambda operand: ExtractSliceOp.from_static_parameters(operand, offsets, sizes),
                           output_slice.results[0], steps, made)
    insert = InsertSliceOp.from_static_parameters(value, current, offsets, sizes)
    made += [*steps, insert]
    return insert.results[0]


def _at_register_tiles(piece, stride: int, conv: Operation) -> list:
    """`piece` (pool_borders' axis piece) of the output's columns, or, when the register tile of its width leaves a
    remainder (`choose_conv_tile`: YOLO's 80 columns at stride 2 leave 79 inside, prime), the
    columns its full tiles cover and the rest: two pieces that each get a dividing tile. The
    schedule splits a convolution's width itself only where it fuses with
    `transform.structured.fuse`; a piece reads a slice of the activation, and where a linalg op
    computes that (a SiLU) it is fused op by op, with dividing tiles only (79 columns: one pixel
    by 32 channels, 4 accumulators)."""
    result = conv.results[0].type
    tile = choose_conv_tile(piece.outputs, result.get_shape()[3], result.get_element_type().bitwidth, host_target())
    if piece.window_start or tile is None or not tile.remainder:
        return [piece]
    full = tile.split_rows
    return [replace(piece, outputs=full),
            replace(piece, output_start=piece.output_start + full, outputs=piece.outputs - full,
                    input_start=piece.input_start + full * stride)]


def _input_slicer(conv: Operation, source: SSAValue, made: list[Operation]):
    """A function (row, rows, column, columns) -> the `extract_slice` of the unpadded `source`
    that a piece reads: those pixels, all channels; or, for a `_group_view`, the group's channels
    of an `expand_shape` of `source` made once (appended to `made`) like the pad's."""
    view = conv.operands[0]
    if view.op.name == "tensor.pad":
        shape = source.type.get_shape()
        return lambda r, rn, c, cn: ExtractSliceOp.from_static_parameters(source, [0, r, c, 0], [shape[0], rn, cn, shape[3]])
    slice_op = view.op
    old_expand = slice_op.operands[0].op
    expanded_shape = list(old_expand.results[0].type.get_shape())
    expanded_shape[1:3] = source.type.get_shape()[1:3]
    expanded_type = TensorType(source.type.get_element_type(), expanded_shape)
    expand = ExpandShapeOp(source, [], old_expand.properties["reassociation"], expanded_shape, expanded_type)
    made.append(expand)
    dynamic = iter(slice_op.offsets)
    offsets = [next(dynamic) if o == DYNAMIC_INDEX else o for o in slice_op.properties["static_offsets"].get_values()]
    sizes = list(slice_op.properties["static_sizes"].get_values())
    channels = view.type.get_shape()[-1]

    def piece(r: int, rn: int, c: int, cn: int) -> ExtractSliceOp:
        return ExtractSliceOp(expand.results[0], [offsets[0], r, c, *offsets[3:]], [sizes[0], rn, cn, *sizes[3:]],
                              [1] * len(sizes), TensorType(view.type.get_element_type(), [view.type.get_shape()[0], rn, cn, channels]))
    return piece


def piecewise_start(init: SSAValue):
    """How a piece makes its own slice of `init` when `init` is a fill or a bias broadcast: then
    the schedule fuses it into the piece's register tiles, as it did into the whole
    convolution's, and a fill shared by several convolutions (torch-mlir makes one per shape) is
    neither written in place of the others' nor copied. A function (slice, offsets, sizes, ops)
    -> the piece's init, appending the ops it makes; None for any other init."""
    if isinstance(init, OpResult) and isinstance(init.op, FillOp):
        value = init.op.operands[0]

        def fill(destination: SSAValue, offsets: list[int], sizes: list[int], ops: list[Operation]) -> SSAValue:
            ops.append(FillOp([value], [destination], [destination.type]))
            return ops[-1].results[0]
        return fill
    broadcast = bias_broadcast(init)
    if broadcast is None:
        return None
    vector = broadcast[1]

    def broadcast_slice(destination: SSAValue, offsets: list[int], sizes: list[int], ops: list[Operation]) -> SSAValue:
        part = ExtractSliceOp.from_static_parameters(vector, offsets[-1:], sizes[-1:])
        ops += [part, BroadcastOp(part.results[0], destination, DenseArrayBase.from_list(i64, [0, 1, 2]))]
        return ops[-1].results[0]
    return broadcast_slice


CONV_BORDERS_ENABLED = True
"""Split the convolutions `peak_convolutions` picks (a switch for A/B measurements)."""


def padded_bytes(pad: Operation) -> int:
    """The bytes of `pad`'s result (0 when its shape is dynamic)."""
    padded = pad.results[0].type
    if not isinstance(padded, TensorType) or any(d < 0 for d in padded.get_shape()):
        return 0
    return math.prod(padded.get_shape()) * padded.get_element_type().bitwidth // 8


def peak_convolutions(module: ModuleOp) -> list[Operation]:
    """The convolutions that qualify whose padded input is the largest padded tensor of their
    function: the activation of a network is largest where its padded buffer is, and that is
    where the border sets the peak (ResNet-50's first stride-2 3x3 convolution, 58 x 58 x 128;
    VGG-19's second, 226 x 226 x 64). All of that size, so a repeated layer stays alike; none when
    the largest pad is not one of theirs (RegNet-Y's is read by its grouped convolutions' loop:
    splitting its stem instead would cost time and save nothing at the peak)."""
    chosen = []
    for function in module.walk():
        if not isinstance(function, func.FuncOp):
            continue
        largest = max((padded_bytes(op) for op in function.walk() if op.name == "tensor.pad"), default=0)
        chosen += [op for op in function.walk()
                   if (pad := padded_convolution(op)) is not None and padded_bytes(pad) == largest]
    return chosen


def conv_borders(module: ModuleOp, convolutions: list[Operation] | None = None) -> int:
    """Split each of `convolutions` (default: `peak_convolutions`, when `CONV_BORDERS_ENABLED`)
    that qualifies (module doc); how many were."""
    if convolutions is None:
        convolutions = peak_convolutions(module) if CONV_BORDERS_ENABLED else []
    return sum(_split(conv) for conv in convolutions)
