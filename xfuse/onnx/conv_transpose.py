"""`ConvTranspose` in the forms torch-mlir lowers: one group, explicit pads equal at both ends.

torch-mlir's lowering fails on a grouped `ConvTranspose` ("expected reassociation map ... to have
size equal to the expanded rank": `test_convtranspose_group_2`, `_group_2_image_3`) and has none
for `auto_pad` (`test_convtranspose_autopad_same`). On the prepared model (static shapes) each
such node becomes what it means:

- `auto_pad` `SAME_UPPER` / `SAME_LOWER`: explicit `pads`, computed as ONNX's reference does
  (the total padding that makes the output `input * stride`, or `output_shape`, split in half,
  the odd element at the end for `SAME_UPPER`, at the start for `SAME_LOWER`);
- pads that differ at the two ends of an axis (torch-mlir has no lowering of them): the smaller
  at both ends, and a `Slice` that crops the rest from the output (a transposed convolution's
  pads remove output rows and columns);
- `group` G > 1: G `ConvTranspose`s of one group each, on the `Slice`s of the input's channels,
  the filter's input channels and the bias, then `Concat` of their outputs along the channels.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import node_attributes, static_types

SAME = ("SAME_UPPER", "SAME_LOWER")


def rewrite_conv_transposes(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `ConvTranspose` that is grouped, has a
    `SAME` `auto_pad` or pads that differ at the two ends of an axis rewritten (a copy, shapes inferred again, when there is one), and how many
    there were. A node whose input and filter shapes are not static stays as it is."""
    if not any(_needs_rewrite(node) for node in model.graph.node):
        return model, 0
    shapes = {name: shape for name, (_, shape) in static_types(model).items()}
    result = onnx.ModelProto()
    result.CopyFrom(model)
    nodes, count = [], 0
    for node in result.graph.node:
        x, w = shapes.get(node.input[0]), shapes.get(node.input[1]) if len(node.input) > 1 else None
        rewritten = _rewritten(node, x, w, result.graph, f"{node.name or node.output[0]}_ct{count}") \
            if _needs_rewrite(node) and x is not None and w is not None else None
        nodes.extend(rewritten or [node])
        count += rewritten is not None
    del result.graph.node[:]
    result.graph.node.extend(nodes)
    return (onnx.shape_inference.infer_shapes(result) if count else model), count


def _needs_rewrite(node: onnx.NodeProto) -> bool:
    if node.op_type != "ConvTranspose" or node.domain not in ("", "ai.onnx"):
        return False
    attributes = node_attributes(node)
    pads = attributes.get("pads") or []
    asymmetric = pads[:len(pads) // 2] != pads[len(pads) // 2:]
    return attributes.get("group", 1) > 1 or attributes.get("auto_pad", "NOTSET") in SAME or asymmetric


def _rewritten(node: onnx.NodeProto, x: tuple[int, ...], w: tuple[int, ...], graph: onnx.GraphProto,
               prefix: str) -> list[onnx.NodeProto] | None:
    attributes = node_attributes(node)
    if attributes.get("auto_pad", "NOTSET") in SAME:
        pads = _same_pads(attributes, x, w)
        if pads is None:
            return None
        attributes.pop("auto_pad")
        attributes.pop("output_shape", None)  # the pads give it
        attributes["pads"] = pads
    crop = _symmetric_pads(attributes)
    result = f"{prefix}_uncropped" if crop else node.output[0]
    groups = attributes.pop("group", 1)
    if groups == 1:
        nodes = [helper.make_node("ConvTranspose", list(node.input), [result], name=node.name, **attributes)]
    else:
        nodes = _per_group(node, attributes, groups, x, w, graph, prefix, result)
        if nodes is None:
            return None
    if crop:
        starts, ends, axes = zip(*crop, strict=True)
        bounds = [numpy_helper.from_array(np.array(v, np.int64), f"{prefix}_crop_{part}")
                  for part, v in (("starts", starts), ("ends", ends), ("axes", axes))]
        graph.initializer.extend(bounds)
        nodes.append(helper.make_node("Slice", [result, *(b.name for b in bounds)], [node.output[0]],
                                      name=f"{prefix}_crop"))
    return nodes


def _symmetric_pads(attributes: dict) -> list[tuple[int, int, int]]:
    """Make `attributes`' pads the same at both ends of each axis (the smaller of the two, which
    torch-mlir lowers); the (start, end, axis) slices of the output that the rest crops."""
    pads = attributes.get("pads")
    if not pads:
        return []
    spatial = len(pads) // 2
    crop = []
    for i in range(spatial):
        begin, end = pads[i], pads[i + spatial]
        if begin != end:
            kept = min(begin, end)
            crop.append((begin - kept, -(end - kept) if end > kept else np.iinfo(np.int64).max, i + 2))
    attributes["pads"] = [min(pads[i], pads[i + spatial]) for i in range(spatial)] * 2
    return crop


def _per_group(node: onnx.NodeProto, attributes: dict, groups: int, x: tuple[int, ...], w: tuple[int, ...],
               graph: onnx.GraphProto, prefix: str, result: str) -> list[onnx.NodeProto] | None:
    channels, per_group_out = w[0], w[1]
    if x[1] != channels or channels % groups:
        return None  # an invalid model: ONNX's checks and torch-mlir say so
    step, nodes, outputs = channels // groups, [], []
    bias = node.input[2] if len(node.input) > 2 and node.input[2] else ""
    for g in range(groups):
        x_g = _slice(nodes, graph, node.input[0], 1, g * step, step, f"{prefix}_x{g}")
        w_g = _slice(nodes, graph, node.input[1], 0, g * step, step, f"{prefix}_w{g}")
        inputs = [x_g, w_g]
        if bias:
            inputs.append(_slice(nodes, graph, bias, 0, g * per_group_out, per_group_out, f"{prefix}_b{g}"))
        outputs.append(f"{prefix}_y{g}")
        nodes.append(helper.make_node("ConvTranspose", inputs, [outputs[-1]], name=f"{prefix}_group{g}", **attributes))
    nodes.append(helper.make_node("Concat", outputs, [result], name=node.name, axis=1))
    return nodes


def _same_pads(attributes: dict, x: tuple[int, ...], w: tuple[int, ...]) -> list[int] | None:
    """ONNX's reference (onnx/reference/ops/op_conv_transpose.py) for `SAME` padding; None when
    it would be negative (a stride wider than the kernel's extent)."""
    spatial = len(x) - 2
    strides = attributes.get("strides", [1] * spatial)
    dilations = attributes.get("dilations", [1] * spatial)
    kernel = attributes.get("kernel_shape", list(w[2:]))
    output_padding = attributes.get("output_padding", [0] * spatial)
    output_shape = attributes.get("output_shape", [x[i + 2] * strides[i] for i in range(spatial)])
    total = [strides[i] * (x[i + 2] - 1) + output_padding[i] + (kernel[i] - 1) * dilations[i] + 1 - output_shape[i]
             for i in range(spatial)]
    if any(t < 0 for t in total):
        return None
    small, large = [t // 2 for t in total], [t - t // 2 for t in total]
    return small + large if attributes["auto_pad"] == "SAME_UPPER" else large + small


def _slice(nodes: list[onnx.NodeProto], graph: onnx.GraphProto, value: str, axis: int, start: int, size: int,
           name: str) -> str:
    bounds = [numpy_helper.from_array(np.array([v], np.int64), f"{name}_{part}")
              for part, v in (("starts", start), ("ends", start + size), ("axes", axis))]
    graph.initializer.extend(bounds)
    nodes.append(helper.make_node("Slice", [value, *(b.name for b in bounds)], [name], name=f"{name}_Slice"))
    return name
