"""Convolutions whose output channels no full vector divides, split at the last multiple of one.

The register tiles of a convolution are `OCB` channels wide, a multiple of the vector width that
divides the channel count; SqueezeNet's classifier (`13 x 13 x 512 -> 1000`) has no 16-lane
tile, so all of it ran on 8-lane tiles at 56 GFLOP/s, a third of the other layers' speed and 35%
of the network's time. Split at 992 channels, the head gets full-width tiles and the 8-channel
tail its own narrow ones: two convolutions on slices of the filter and of the accumulator, each
written back into the accumulator with `tensor.insert_slice` (in place after bufferization).
The elementwise consumers (bias, ReLU) are then a pass of their own, no longer fused into the
register tiles; for a convolution whose head is most of it, that costs far less than it saves.

Called by the micro-kernel pipelines (`Pipeline.for_module`) before the convolutions are planned.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.tensor import ExtractSliceOp, InsertSliceOp
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedule import choose_micro_tile
from xfuse.backends.schedule_conv import schedulable
from xfuse.backends.target import CpuTarget
from xfuse.transforms.layout.slice_loops import convolution_on

MIN_HEAD_FRACTION = 0.75
"""Split only when the full-width head is at least this share of the channels (1000 -> 992:
99%); below it (24 = 16 + 8 channels) the unfused epilogue and the second convolution's
overhead outweigh the wider tiles."""


def _head_channels(conv: Operation, target: CpuTarget) -> int | None:
    """The channels of `conv`'s full-width head, or None when it is not split."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return None
    result = conv.results[0].type
    _, _, width, channels = result.get_shape()
    lanes = target.lanes(result.element_type.bitwidth)
    head = channels // lanes * lanes
    if channels % lanes == 0 or head < MIN_HEAD_FRACTION * channels:
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


def split_channel_remainders(module: ModuleOp, target: CpuTarget) -> int:
    """Split every convolution of `module` whose channels end in a partial vector (module
    docstring); how many were split."""
    count = 0
    for conv in [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]:
        head = _head_channels(conv, target)
        if head is None:
            continue
        channels = conv.results[0].type.get_shape()[3]
        first = _part(conv, conv.operands[2], 0, head)
        second = _part(conv, first[-1].results[0], head, channels - head)
        for op in first + second:
            op.location = conv.location
        Rewriter.insert_op(first + second, InsertPoint.before(conv))
        conv.results[0].replace_all_uses_with(second[-1].results[0])
        Rewriter.erase_op(conv)
        count += 1
    return count
