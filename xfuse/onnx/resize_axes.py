"""`Resize` with `axes` written as a `Resize` of every axis.

Opset 18 gave `Resize` an `axes` attribute: `scales` / `sizes` then list only those axes, in that
order. torch-mlir has no lowering of it (`test_resize_upsample_sizes_nearest_axes_2_3` and the
three like it), but lowers the same resize with full-rank `sizes`, constant or not. Before import
each such node gets them: the listed sizes in axis order, the input's own dimensions (`Shape`) for
the other axes, built with `Gather` and `Concat` so that run-time sizes stay run-time.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node

SIZES = 3
"""`Resize`'s input position of `sizes` (0 is X, 1 roi, 2 scales)."""


def expand_resize_axes(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every default-domain `Resize` that has `axes` and `sizes` (no `roi`, which
    only `tf_crop_and_resize` reads and torch-mlir does not lower) given full-rank `sizes` (a copy
    when there is one), and how many there were. A node whose input rank is not known, with a
    `keep_aspect_ratio_policy`, or with `scales` stays as it is: torch-mlir refuses it (with full-rank run-time `scales` built in the
    graph its import dies of a SIGSEGV)."""
    candidates = [node for node in model.graph.node if _has_axes(node)]
    if not candidates:
        return model, 0
    ranks = _ranks(model)
    result = onnx.ModelProto()
    result.CopyFrom(model)
    nodes, count = [], 0
    for node in result.graph.node:
        rank = ranks.get(node.input[0]) if _has_axes(node) else None
        if rank is None or _input(node, 1) or not _input(node, SIZES):
            nodes.append(node)
            continue
        prefix = f"{node.name or node.output[0]}_axes{count}"
        nodes.extend(_full_rank(node, rank, result.graph, prefix))
        count += 1
    del result.graph.node[:]
    result.graph.node.extend(nodes)
    return result, count


def _has_axes(node: onnx.NodeProto) -> bool:
    """A Resize with `axes` whose meaning full-rank sizes keep: `keep_aspect_ratio_policy` other
    than `stretch` takes its scale over the listed axes only."""
    attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    return (node.op_type == "Resize" and node.domain in ("", "ai.onnx") and "axes" in attributes
            and attributes.get("keep_aspect_ratio_policy", b"stretch") in (b"stretch", "stretch"))


def _input(node: onnx.NodeProto, index: int) -> str:
    return node.input[index] if len(node.input) > index else ""


def _ranks(model: onnx.ModelProto) -> dict[str, int]:
    """Value name -> rank, where ONNX's shape inference knows it."""
    try:
        inferred = onnx.shape_inference.infer_shapes(model)
    except Exception:  # noqa: BLE001 - inference errors are reported by the preparation later
        inferred = model
    graph = inferred.graph
    ranks = {init.name: len(init.dims) for init in graph.initializer}
    for value in [*graph.input, *graph.value_info, *graph.output]:
        tensor = value.type.tensor_type
        if value.type.HasField("tensor_type") and tensor.HasField("shape"):
            ranks[value.name] = len(tensor.shape.dim)
    return ranks


def _full_rank(node: onnx.NodeProto, rank: int, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
    attribute = next(a for a in node.attribute if a.name == "axes")
    axes = [a + rank if a < 0 else a for a in helper.get_attribute_value(attribute)]
    if sorted(axes) != sorted(set(axes)) or any(not 0 <= a < rank for a in axes):
        raise OnnxError(f"{describe_node(node)}: axes {list(helper.get_attribute_value(attribute))} are not "
                        f"distinct axes of its rank-{rank} input")
    listed, shape, full = node.input[SIZES], f"{prefix}_shape", f"{prefix}_full"
    new = [helper.make_node("Shape", [node.input[0]], [shape], name=f"{prefix}_Shape")]
    pieces = []
    for axis in range(rank):
        piece = f"{prefix}_{axis}"
        source, at = (listed, axes.index(axis)) if axis in axes else (shape, axis)
        index = _constant(graph, f"{prefix}_at{axis}", np.array([at], np.int64))
        new.append(helper.make_node("Gather", [source, index], [piece], name=f"{prefix}_Gather{axis}", axis=0))
        pieces.append(piece)
    new.append(helper.make_node("Concat", pieces, [full], name=f"{prefix}_Concat", axis=0))
    inputs = list(node.input)
    inputs[SIZES] = full
    return [*new, helper.make_node("Resize", inputs, list(node.output), name=node.name,
                                   **{a.name: helper.get_attribute_value(a) for a in node.attribute if a.name != "axes"})]


def _constant(graph: onnx.GraphProto, name: str, array: np.ndarray) -> str:
    graph.initializer.append(numpy_helper.from_array(array, name))
    return name
