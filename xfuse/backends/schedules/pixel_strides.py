"""Activations whose pixels would share one L1 set, stored with a padded channel stride.

In NHWC a convolution's register tile broadcasts, per input channel, one element of each of its
`OWB` output pixels' input pixels: `OWB` streams `C x 4` bytes apart. L1 has 64 sets of 64-byte
lines, so addresses 4 KiB apart fall into the same set: with `C = 1024` (or 2048) every stream
of the tile competes for one 8-way set (Zen 4; 12-way on Intel's recent cores), with the
filter's lines besides, and ResNet-50's 14x14 tiles of 14 pixels miss L1 on every channel step
(its 1x1 convolutions from 1024 channels ran at 55 GFLOP/s, half of onnxruntime's speed). One
more cache line per pixel (a stride of `C + 16` floats) spreads the streams over 14 sets: a
14x14, 1024 -> 256 1x1 convolution alone 1.32 -> 0.91 ms (Zen 4).

`pad_pixel_strides(module, target)` finds each NHWC convolution whose register tile
(`choose_conv_tile`) reads at least `MIN_TILE_PIXELS` input pixels in one L1 set (the pixels a
tile reads are `C x stride_w x 4` bytes apart: 1024 channels at stride 1, 512 at stride 2), and
makes the op that computes its input write into the first `C`
channels of a `tensor.empty` of `C + PAD_ELEMENTS` channels (`tensor.extract_slice`), as
pads_in_place.py makes producers write into a padded buffer's interior. one-shot-bufferize then
computes the activation in that wider buffer, and every reader reads it through a strided view;
the extra channels are never written or read. The producer is a linalg op whose destination
chain starts at a `tensor.empty` (the ReLU root of the previous convolution), or the `scf.forall`
of a blocked convolution (xfuse-block-filters) whose shared output is one or is such a chain (a
fill). Readers other than
linalg ops and slices (a return, a reshape of the channels) keep the activation contiguous. A
convolution reading the activation through flat_pixels.py's views of its pixels (a part of a
split 7x7 layer: `collapse_shape`, `expand_shape`, `extract_slice`, the channels kept whole)
counts too (`_activation`, `PAD_THROUGH_VIEWS`): with `flat_pixels.ROW_REMAINDER` on, the 14x8
head of ResNet-50's 7x7, 2048 -> 512 layers reads 14 pixels 8 KiB apart, and without the padded stride those layers ran at 20
GFLOP/s (docs/backend-measurements.md, "Zen 3, twelfth session").
"""

from __future__ import annotations

import math

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp
from xdsl.ir import Block, Operation, OpResult
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.pads_in_place import _destination_chain
from xfuse.backends.schedules.conv import choose_conv_tile
from xfuse.backends.target import CpuTarget

L1_WAY_BYTES = 4096
"""Bytes one way of L1 spans (64 sets of 64-byte lines: Zen 4, and Intel's 48 KiB 12-way L1)."""
MIN_TILE_PIXELS = 8
"""Register-tile pixels from which the aliasing streams overflow a set (8 ways, and the filter's
lines). Measured: 14-pixel tiles (14x14 outputs) 1.4-1.6x faster with the padded stride, 7-pixel
ones (7x7 outputs) unchanged."""
PAD_ELEMENTS = 16
"""Extra channels per pixel: one 64-byte line of f32."""
_READERS = ("tensor.extract_slice", "tensor.pad")
_VIEWS = ("tensor.extract_slice", "tensor.expand_shape", "tensor.collapse_shape")
"""Ops between an activation and the convolution reading it that keep its channel stride: a part
of flat_pixels.py's flattened pixels is a slice of an expand of a collapse of the pixels
(`N, H, W` collapsed, channels kept)."""

PAD_THROUGH_VIEWS = True
"""Whether a convolution reading its input through `_VIEWS` counts (a switch for A/B)."""


def _activation(conv: Operation):
    """The activation `conv` reads: its input, or behind flat_pixels' views of its pixels."""
    source = conv.operands[0]
    while PAD_THROUGH_VIEWS and isinstance(source, OpResult) and source.op.name in _VIEWS and \
            _keeps_channels(source.op):
        source = source.op.operands[0]
    return source


def _keeps_channels(view: Operation) -> bool:
    """`view` leaves the last (channel) dimension whole and alone: a slice of pixels, or a reshape
    whose last reassociation group is the channel dimension only."""
    if view.name == "tensor.extract_slice":
        return view.operands[0].type.get_shape()[-1] == view.results[0].type.get_shape()[-1]
    groups = view.properties["reassociation"].data
    return len(groups[-1].data) == 1


def _aliasing(conv: Operation, target: CpuTarget) -> bool:
    """Whether `conv`'s register tiles read input pixels that share one L1 set."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf":
        return False
    source, result = conv.operands[0].type, conv.results[0].type
    if not (isinstance(source, TensorType) and source.has_static_shape() and isinstance(result, TensorType)
            and result.has_static_shape()):
        return False
    bits = source.get_element_type().bitwidth
    # Output pixels `stride_w` input pixels apart: a stride-2 convolution from 512 channels reads
    # pixels 4 KiB apart, as a stride-1 one from 1024 channels does.
    distance = source.get_shape()[3] * bits // 8 * conv.window_parameter("strides", 1)
    _, _, ow, oc = result.get_shape()
    tile = choose_conv_tile(ow, oc, bits, target)
    return tile is not None and pixels_per_l1_set(tile.mr, distance) >= MIN_TILE_PIXELS


def pixels_per_l1_set(pixels: int, distance: int) -> int:
    """How many of `pixels` streams `distance` bytes apart fall into the busiest L1 set."""
    positions = L1_WAY_BYTES // math.gcd(distance, L1_WAY_BYTES)
    return -(-pixels // positions)


def _destination(producer: Operation, block: Block) -> tuple[Operation, int] | None:
    """The op and operand index of the `tensor.empty` that `producer`'s result is written into."""
    if producer.name == "scf.forall":
        if len(producer.results) != 1:
            return None
        index = len(producer.operands) - 1
        init = producer.operands[index]
        if not isinstance(init, OpResult):
            return None
        if isinstance(init.op, EmptyOp):
            return producer, index
        # a fill (or bias broadcast) the loop accumulates into: where that one writes
        return _destination_chain(init.op, block) if init.has_one_use() else None
    return _destination_chain(producer, block)


def _readers_allow_strides(value) -> bool:
    """Every reader of `value` takes a padded channel stride: a linalg op, a slice or pad, or a
    reshape that keeps the channels (`_keeps_channels`: flat_pixels' collapse and expand of the
    pixels) whose own readers do; not a return or a reshape of the channels."""
    return all(use.operation.name.startswith("linalg.") or use.operation.name in _READERS
               or (PAD_THROUGH_VIEWS and use.operation.name in ("tensor.collapse_shape", "tensor.expand_shape")
                   and _keeps_channels(use.operation) and _readers_allow_strides(use.operation.results[0]))
               for use in value.uses)


def pad_pixel_strides(module: ModuleOp, target: CpuTarget) -> int:
    """Give the inputs of the convolutions that alias (module docstring) a padded channel stride;
    how many activations were rewritten."""
    count = 0
    done: set[int] = set()
    for conv in [op for op in module.walk() if _aliasing(op, target)]:
        source = _activation(conv)
        if not isinstance(source, OpResult) or id(source) in done or not _readers_allow_strides(source):
            continue
        producer = source.op
        function = producer.parent_op()
        if function is None or function.name != "func.func" or len(producer.results) != 1:
            continue
        found = _destination(producer, producer.parent_block())
        if found is None:
            continue
        first, index = found
        shape = list(source.type.get_shape())
        wide = EmptyOp([], TensorType(source.type.get_element_type(), [*shape[:3], shape[3] + PAD_ELEMENTS]))
        narrow = ExtractSliceOp.from_static_parameters(wide.results[0], [0, 0, 0, 0], shape)
        if narrow.results[0].type != first.operands[index].type:
            continue
        wide.location = narrow.location = producer.location
        Rewriter.insert_op([wide, narrow], InsertPoint.before(first))
        first.operands[index] = narrow.results[0]
        done.add(id(source))
        count += 1
    return count
