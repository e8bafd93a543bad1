"""Poolings that read their input unpadded: the border windows clipped instead of padded.

A max pooling with padding reads a padded copy of its input (`tensor.pad` with the lowest float,
bufferized into a buffer of its own or, by `pads_in_place`, the producer's output written into
that buffer's interior). Either way the padded buffer, a border larger than the activation, is
live beside the pooling's output. Inception-v2's peak is there: its first convolution's output
(112 x 112 x 64) padded to 113 x 113 for the 3x3 stride-2 max pooling, and the pooled
56 x 56 x 64, 3.88 MiB against onnxruntime's 3.83 (its pooling kernel clips the windows).

A window that overlaps the border reads the pad value `p`; when `p` cannot change the result
(a max pooling whose accumulator starts at or above `p`, a min pooling at or below it, a sum
pooling of `p = 0`), the same output is the pooling of the window clipped to the input. So the pooling is split, along
each spatial axis, into the output range whose windows lie inside the input and the few output
positions at each end whose windows are clipped, and each (row range, column range) piece is a
pooling of the same kind on a slice of the unpadded input, with its window clipped, written into
its slice of the output:

    %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] { tensor.yield %lowest }
    %r = linalg.pooling_nhwc_max {strides = dense<2>} ins(%p, %w3x3) outs(%fill_lowest)
  ->
    %corner = linalg.pooling_nhwc_max ins(%x[0, 0, 0, 0] [1, 2, 2, C], %w2x2) outs(%out[0, 0, 0, 0] [1, 1, 1, C])
    %top = linalg.pooling_nhwc_max {strides = dense<2>} ins(%x[0, 0, 1, 0] [1, 2, 111, C], %w2x3) outs(...)
    ... the left column, then the interior with the 3x3 window, each inserted into the output

No padded buffer exists; the pieces bufferize in place into the output's buffer, and each is a
pooling the pooling schedule tiles (schedules/pools.py). Every output element combines the same
input elements, less the pad values that could not change it: a max or min is exactly the
padded pooling's, a sum too (adding 0.0 is exact; at most the sign of a zero differs). Rewritten: a `linalg.pooling_nhwc_{max,min,sum}` at a function's top
level with unit dilations and static shapes, reading a `tensor.pad` of static spatial padding
(none on the batch or channels) that nothing else reads, its output a `linalg.fill`; at most
`MAX_CLIPPED` clipped output positions at each end of an axis.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import AnyFloat, FloatAttr, ModuleOp, TensorType
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp, InsertSliceOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.pads_in_place import padding_value
from xfuse.backends.in_place.top_level_rewrites import rewrite_top_level_ops
from xfuse.transforms.layout.slice_loops import convolution_on

__all__ = ["MAX_CLIPPED", "axis_pieces", "float_constant", "pool_borders"]

MAX_CLIPPED = 2
"""Clipped output positions allowed at each end of an axis (a pad of up to one stride and a
window: every pooling of the networks; more would be many small pieces)."""

_NUMPY_FLOATS = {16: np.float16, 32: np.float32, 64: np.float64}

_POOLS = ("linalg.pooling_nhwc_max", "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_sum")


@dataclass(frozen=True)
class _Piece:
    """A range of output positions along one axis, and the input its windows read."""

    output_start: int
    outputs: int
    input_start: int
    window: int
    """The window along this axis (clipped at the border)."""
    window_start: int = 0
    """Where the clipped window starts in the whole one (a convolution's filter slice)."""

    def input_extent(self, stride: int) -> int:
        return (self.outputs - 1) * stride + self.window


def axis_pieces(size: int, low: int, window: int, stride: int, outputs: int) -> list[_Piece] | None:
    """The pieces of one axis: clipped positions one by one, the interior as one range; None when
    a clipped window would be empty or there are more than `MAX_CLIPPED` at an end."""
    first = -(-low // stride)  # the first output whose window starts inside the input
    last = min((size - window + low) // stride, outputs - 1)  # the last whose window ends inside
    before, after = range(0, min(first, outputs)), range(max(last + 1, first), outputs)
    if len(before) > MAX_CLIPPED or len(after) > MAX_CLIPPED:
        return None
    pieces = []
    for position in before:
        pieces.append(_clipped(position, size, low, window, stride))
    if first <= last:
        pieces.append(_Piece(first, last - first + 1, first * stride - low, window))
    for position in after:
        pieces.append(_clipped(position, size, low, window, stride))
    return None if any(p is None for p in pieces) else pieces


def _clipped(position: int, size: int, low: int, window: int, stride: int) -> _Piece | None:
    start = position * stride - low
    begin, end = max(start, 0), min(start + window, size)
    return _Piece(position, 1, begin, end - begin, begin - start) if end > begin else None


def float_constant(value: SSAValue) -> float | None:
    """The value of an `arith.constant` float, also through `arith.truncf`/`extf` (torch-mlir pads
    a ceil-mode max pooling with `truncf(-DBL_MAX)`, which is -inf in f32); None otherwise."""
    if isinstance(value, OpResult) and value.op.name in ("arith.truncf", "arith.extf"):
        inner = float_constant(value.op.operands[0])
        if inner is None or not isinstance(value.type, AnyFloat):
            return None
        with np.errstate(over="ignore"):
            return float(np.array(inner, dtype=_NUMPY_FLOATS.get(value.type.bitwidth, np.float64)))
    if isinstance(value, OpResult) and value.op.name == "arith.constant":
        attribute = value.op.properties.get("value") or value.op.attributes.get("value")
        if isinstance(attribute, FloatAttr):
            return attribute.value.data
    return None


def _pad_is_neutral(pool: Operation, pad_value: SSAValue, init_value: SSAValue) -> bool:
    """The pad value cannot change the pooling's result (module doc): 0 for a sum, the start
    value or anything below (above) it for a max (min)."""
    pad, init = float_constant(pad_value), float_constant(init_value)
    if pool.name == "linalg.pooling_nhwc_sum":
        return pad == 0.0
    if pad_value is init_value:
        return True
    if pad is None or init is None:
        return False
    return pad <= init if pool.name == "linalg.pooling_nhwc_max" else pad >= init


def _rewrite(pool: Operation) -> bool:
    """Split `pool` into pieces on its unpadded input (module doc); whether it was."""
    padded, window_operand, init = pool.operands
    if not (isinstance(padded, OpResult) and padded.op.name == "tensor.pad" and len(list(padded.uses)) == 1):
        return False
    pad = padded.op
    if not (isinstance(init, OpResult) and init.op.name == "linalg.fill") or any(pad.operands[1:]):
        return False
    pad_value = padding_value(pad)
    if pad_value is None or not _pad_is_neutral(pool, pad_value, init.op.operands[0]):
        return False
    source = pad.operands[0]
    low = list(pad.properties["static_low"].get_values())
    high = list(pad.properties["static_high"].get_values())
    types = (source.type, window_operand.type, pool.results[0].type)
    if not all(isinstance(t, TensorType) and all(d >= 0 for d in t.get_shape()) for t in types):
        return False
    if low[0] or low[3] or high[0] or high[3] or any(pool.window_parameter("dilations", w) != 1 for w in (0, 1)):
        return False
    shape, windows, out_shape = (list(t.get_shape()) for t in types)
    strides = [pool.window_parameter("strides", w) for w in (0, 1)]
    axes = [axis_pieces(shape[1 + a], low[1 + a], windows[a], strides[a], out_shape[1 + a]) for a in (0, 1)]
    if axes[0] is None or axes[1] is None:
        return False

    element = types[1].get_element_type()
    made: list[Operation] = []
    current: SSAValue = init
    for rows in axes[0]:
        for columns in axes[1]:
            input_slice = ExtractSliceOp.from_static_parameters(
                source, [0, rows.input_start, columns.input_start, 0],
                [shape[0], rows.input_extent(strides[0]), columns.input_extent(strides[1]), shape[3]])
            window = EmptyOp([], TensorType(element, [rows.window, columns.window]))
            offsets = [0, rows.output_start, columns.output_start, 0]
            sizes = [out_shape[0], rows.outputs, columns.outputs, out_shape[3]]
            output_slice = ExtractSliceOp.from_static_parameters(current, offsets, sizes)
            piece = convolution_on(pool, [input_slice.results[0], window.results[0]], [output_slice.results[0]])
            insert = InsertSliceOp.from_static_parameters(piece.results[0], current, offsets, sizes)
            made += [input_slice, window, output_slice, piece, insert]
            current = insert.results[0]
    for op in made:
        op.location = pool.location
    Rewriter.insert_op(made, InsertPoint.before(pool))
    pool.results[0].replace_all_uses_with(current)
    Rewriter.erase_op(pool)
    if not list(window_operand.uses) and isinstance(window_operand, OpResult):
        Rewriter.erase_op(window_operand.op)
    Rewriter.erase_op(pad)
    return True


def pool_borders(module: ModuleOp) -> int:
    """Rewrite every qualifying pooling of `module` (module doc); how many."""
    return rewrite_top_level_ops(module, _POOLS, _rewrite)
