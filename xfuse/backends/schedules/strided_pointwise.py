"""Strided 1x1 convolutions as a subsampled input and a stride-1 1x1 convolution.

A 1x1 convolution of stride `s` reads every `s`-th pixel of every `s`-th row: its pixels do not
flatten (flat_pixels.py), so its register tile covers pixels of one output row, and a narrow
row limits it. RegNet-Y's stride-2 shortcut at 7x7 (152 -> 368 channels, beside the block's 368 ->
368 1x1 layer and its residual add) gets 7x8 (7 accumulators, half a line of filter per step),
where the 49 pixels of the same layer at stride 1 take 45 in 5x16 + 4 in 4x16 (flat_pixels.py's
`FULL_REMAINDER` split).

`subsample_strided_pointwise(module, target)` rewrites such a convolution, where the stride-1
layer's flattened tile scores above the strided layer's rows or column split
(`flat_pixels.dividing_tile`), as a `tensor.extract_slice` of its input with strides
`[1, s, s, 1]` and the same convolution at stride 1 on it (the `[N, H/s, W/s, C]` input, a
quarter of the strided layer's at `s = 2`). The layer alone on Zen 3: 0.304 -> 0.250 ms (0.271
with a copy of the subsampled input), onnxruntime 0.216; but RegNet-Y and ResNet-50 (its stride-2
shortcuts to 14x14 and 7x7) were level or slower with it (1.020 / 1.002 and 1.033 / 0.990 at one
/ two threads), so `STRIDED_POINTWISE_SUBSAMPLED` is off (docs/backend-measurements.md, "Zen 3,
fifteenth session").

Called by the micro-kernel pipelines before the channel split (the stride-1 layer may then be
split there, as a stride-1 layer of its shape would be) and the flattening.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.dialects.tensor import ExtractSliceOp
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.conv import choose_conv_tile, schedulable
from xfuse.backends.target import CpuTarget

STRIDED_POINTWISE_SUBSAMPLED = False
"""Whether the micro-kernel pipelines subsample strided 1x1 convolutions (module docstring). Off:
measured level or slower in RegNet-Y and ResNet-50; a switch for the next A/B."""


def _strided_pointwise(conv: Operation) -> int:
    """The stride of a static 1x1 NHWC convolution of equal strides above 1 and dilation 1, else 0."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not schedulable(conv):
        return 0
    strides = conv.properties.get("strides") or conv.attributes.get("strides")
    dilations = conv.properties.get("dilations") or conv.attributes.get("dilations")
    if strides is None:
        return 0
    values = set(strides.get_values())  # one value for a splat (`dense<2>`)
    if len(values) != 1 or (stride := values.pop()) < 2 or \
            (dilations is not None and any(d != 1 for d in dilations.get_values())):
        return 0
    kh, kw, _, _ = conv.operands[1].type.get_shape()
    return stride if (kh, kw) == (1, 1) else 0


def _gains(conv: Operation, target: CpuTarget) -> bool:
    """The stride-1 layer on the subsampled input, flattened, gets a better-scored tile than the
    strided layer's rows (`MicroTile.row_weighted_fmas_per_load`), as flat_pixels.py would give it:
    its split over the pixels (`_pixel_split_tile`) or its dividing tile."""
    from xfuse.backends.schedules import flat_pixels

    result = conv.results[0].type
    n, oh, ow, oc = result.get_shape()
    if not flat_pixels.FLAT_PIXELS_ENABLED or target.vector_registers > flat_pixels.FLAT_PIXELS_MAX_REGISTERS or n * oh == 1:
        return False
    bits = result.element_type.bitwidth
    row = flat_pixels.dividing_tile(conv, oc, target)  # its rows' tile or column_split.py's split
    flat = flat_pixels._pixel_split_tile(n * oh * ow, ow, oc, bits, target) or \
        choose_conv_tile(n * oh * ow, oc, bits, target, remainder=False)
    return flat is not None and (row is None or flat.row_weighted_fmas_per_load() > row.row_weighted_fmas_per_load())


def subsample_strided_pointwise(module: ModuleOp, target: CpuTarget) -> int:
    """Rewrite each strided 1x1 convolution whose stride-1 form gets a better tile (module
    docstring); how many were rewritten."""
    if not STRIDED_POINTWISE_SUBSAMPLED:
        return 0
    done = 0
    for conv in [op for op in module.walk() if _strided_pointwise(op) and _gains(op, target)]:
        stride = _strided_pointwise(conv)
        source = conv.operands[0]
        n, oh, ow, _ = conv.results[0].type.get_shape()
        c = source.type.get_shape()[3]
        sub = ExtractSliceOp(source, [0, 0, 0, 0], [n, oh, ow, c], [1, stride, stride, 1],
                             TensorType(source.type.element_type, [n, oh, ow, c]))
        sub.location = conv.location
        Rewriter.insert_op(sub, InsertPoint.before(conv))
        conv.operands[0] = sub.results[0]
        where = conv.properties if "strides" in conv.properties else conv.attributes
        where["strides"] = DenseIntOrFPElementsAttr.from_list(where["strides"].type, [1, 1])
        done += 1
    return done
