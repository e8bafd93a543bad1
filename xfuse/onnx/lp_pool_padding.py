"""`LpPool`'s `auto_pad` `SAME_UPPER` / `SAME_LOWER` written as the explicit `pads` it means.

torch-mlir lowers `LpPool` with explicit `pads` but has no lowering of `auto_pad`
(`test_lppool_2d_same_upper`). On the prepared model the input's spatial sizes are static, so
the pads are computed at load as ONNX defines them (onnx/reference/ops/op_pool_common.py): the
output has `ceil(d / stride)` elements per axis, the total pad is
`max((out - 1) * stride + (k - 1) * dilation + 1 - d, 0)`, its odd element at the end for
`SAME_UPPER`, at the start for `SAME_LOWER`.
"""

from __future__ import annotations

import math

import onnx
from onnx import helper

from xfuse.onnx.graph import node_attributes, static_types

SAME = ("SAME_UPPER", "SAME_LOWER")


def explicit_lp_pool_pads(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `LpPool` with `auto_pad` SAME_UPPER or
    SAME_LOWER and a static input shape given the explicit `pads` it means (a copy when there is
    one), and how many there were."""
    if not any(_same_padded(node) for node in model.graph.node):
        return model, 0
    types = static_types(model)
    result = onnx.ModelProto()
    result.CopyFrom(model)
    count = 0
    for node in result.graph.node:
        if _same_padded(node) and node.input[0] in types:
            _set_pads(node, types[node.input[0]][1])
            count += 1
    return result, count


def _same_padded(node: onnx.NodeProto) -> bool:
    return (node.op_type == "LpPool" and node.domain in ("", "ai.onnx")
            and node_attributes(node).get("auto_pad") in SAME)


def _set_pads(node: onnx.NodeProto, shape: tuple[int, ...]) -> None:
    attributes = node_attributes(node)
    spatial = shape[2:]
    kernel = attributes["kernel_shape"]
    strides = attributes.get("strides", [1] * len(spatial))
    dilations = attributes.get("dilations", [1] * len(spatial))
    begins, ends = [], []
    for size, k, stride, dilation in zip(spatial, kernel, strides, dilations, strict=True):
        total = max((math.ceil(size / stride) - 1) * stride + (k - 1) * dilation + 1 - size, 0)
        small, large = total // 2, total - total // 2
        begins.append(small if attributes["auto_pad"] == "SAME_UPPER" else large)
        ends.append(total - begins[-1])
    kept = [a for a in node.attribute if a.name not in ("auto_pad", "pads")]
    del node.attribute[:]
    node.attribute.extend([*kept, helper.make_attribute("pads", begins + ends)])
