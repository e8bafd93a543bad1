"""`Resize` with `keep_aspect_ratio_policy` `not_larger` / `not_smaller` written with the sizes it
gives.

torch-mlir has no lowering of `keep_aspect_ratio_policy`. ONNX (onnx/reference/ops/op_resize.py)
takes one scale for the listed axes, the smallest (`not_larger`) or largest (`not_smaller`) of
`sizes / input`, makes each of those axes `round_half_up(scale * d)` long and maps coordinates
with that scale. On the prepared model, with constant `sizes` and a static input, the output
sizes are computed at load; a `Resize` of those full-rank sizes (policy `stretch`) maps with
`out / d` per axis, which is the same mapping exactly when `out / d == scale` on every listed
axis (true of ONNX's conformance cases: 3.5 = 7 / 2). Otherwise the node stays as it is and
torch-mlir refuses it by name.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, node_attributes, rewrite_nodes, static_types

POLICIES = ("not_larger", "not_smaller")
SIZES = 3
"""`Resize`'s input position of `sizes`."""


def resolve_resize_aspect(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `Resize` of `POLICIES` whose sizes can be
    computed at load, and whose mapping they keep, given them (a copy when there is one), and how
    many there were."""
    types, constants = static_types(model), initializer_arrays(model)

    def resolved(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        sizes = _full_sizes(node, types, constants)
        if sizes is None:
            return None
        graph.initializer.append(numpy_helper.from_array(np.array(sizes, np.int64), f"{prefix}_sizes"))
        attributes = {k: v for k, v in node_attributes(node).items() if k not in ("axes", "keep_aspect_ratio_policy")}
        return [helper.make_node("Resize", [node.input[0], "", "", f"{prefix}_sizes"], list(node.output),
                                 name=node.name, **attributes)]

    return rewrite_nodes(model, _keeps_aspect, resolved, "aspect")


def _keeps_aspect(node: onnx.NodeProto) -> bool:
    return (node.op_type == "Resize" and node.domain in ("", "ai.onnx")
            and node_attributes(node).get("keep_aspect_ratio_policy") in POLICIES)


def _full_sizes(node: onnx.NodeProto, types: dict, constants: dict) -> list[int] | None:
    """The output's sizes, when `sizes` is a constant, the input's shape static, and a Resize of
    those sizes maps coordinates as ONNX does; else None."""
    given = constants.get(node.input[SIZES]) if len(node.input) > SIZES and node.input[SIZES] else None
    if given is None or node.input[0] not in types or (len(node.input) > 1 and node.input[1]):
        return None
    shape = types[node.input[0]][1]
    attributes = node_attributes(node)
    axes = [a % len(shape) for a in attributes.get("axes", range(len(shape)))]
    if len(axes) != given.size or 0 in [shape[a] for a in axes]:
        return None
    ratios = [Fraction(int(size), shape[axis]) for size, axis in zip(given.reshape(-1), axes, strict=True)]
    scale = min(ratios) if attributes["keep_aspect_ratio_policy"] == "not_larger" else max(ratios)
    sizes = list(shape)
    for axis in axes:
        sizes[axis] = int(float(scale) * shape[axis] + 0.5)  # ONNX's round_half_up, on its float scale
        if Fraction(sizes[axis], shape[axis]) != scale:
            return None
    return sizes
