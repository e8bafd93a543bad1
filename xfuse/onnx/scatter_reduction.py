"""`ScatterElements` with `reduction` min or max written as the `ScatterND` torch-mlir lowers.

torch-mlir has no lowering of ScatterElements with `reduction='min'` or `'max'`, but lowers
ScatterND with them (`test_scatternd_max` passes). The two write the same elements: update
`u[p]` at position `p` of `indices` goes to `p` with its `axis` coordinate replaced by
`indices[p]` (plus the axis' size when negative). On the prepared model (static shapes) each
such ScatterElements becomes a ScatterND whose element indices are those coordinates, the
constant grid of `p` on the other axes and the run-time `indices` on `axis`, stacked on a new
last axis. Each element of `data` is reduced with the same updates, so the result is exact.
"""

from __future__ import annotations

import numpy as np
import onnx

from xfuse.onnx.graph import NodeBuilder, node_attributes, rewrite_nodes, static_types

REDUCTIONS = ("min", "max")
"""The reductions torch-mlir lowers for ScatterND and not for ScatterElements."""


def scatter_elements_as_nd(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain ScatterElements reducing by min or max
    (and whose data and indices have static shapes) made a ScatterND (a copy when there is one),
    and how many there were."""
    types = static_types(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        data, indices = types.get(node.input[0]), types.get(node.input[1])
        if data is None or indices is None or not indices[1] or 0 in indices[1]:
            return None
        return _as_nd(node, NodeBuilder(graph, prefix), data[1], indices[1])

    return rewrite_nodes(model, _is_min_max_scatter, rewrite, "scatter_nd")


def _is_min_max_scatter(node: onnx.NodeProto) -> bool:
    return (node.op_type == "ScatterElements" and node.domain in ("", "ai.onnx")
            and _reduction(node) in REDUCTIONS)


def _reduction(node: onnx.NodeProto) -> str:
    return node_attributes(node).get("reduction", "none")


def _as_nd(node: onnx.NodeProto, build: NodeBuilder, data_shape: tuple[int, ...],
           shape: tuple[int, ...]) -> list[onnx.NodeProto]:
    rank = len(shape)
    axis = node_attributes(node).get("axis", 0) % rank
    column_shape = build.constant("column_shape", np.array([*shape, 1], np.int64))
    index = build.add("Cast", [node.input[1]], "index", to=onnx.TensorProto.INT64)
    size = build.constant("size", np.array(data_shape[axis], np.int64))
    negative = build.add("Less", [index, build.constant("zero", np.array(0, np.int64))], "negative")
    index = build.add("Where", [negative, build.add("Add", [index, size], "from_end"), index], "axis_index")
    columns = []
    for dim in range(rank):
        if dim == axis:
            columns.append(build.add("Reshape", [index, column_shape], "axis_column"))
        else:
            grid = np.indices(shape, dtype=np.int64)[dim][..., None]
            columns.append(build.constant(f"grid{dim}", grid))
    coordinates = build.add("Concat", columns, "coordinates", axis=rank)
    build.add("ScatterND", [node.input[0], coordinates, node.input[2]], "scattered", reduction=_reduction(node))
    return build.finish_as(node)
