"""`Compress` by a constant condition written as a `Gather` of the indices it keeps.

torch-mlir's lowering of Compress fails (`'tensor.cast' op operand type 'tensor<?x1xi1>' and
result type 'tensor<2xi1>'`). Its result's shape depends on the condition's values, so a
run-time condition cannot be static anyway; with a constant one (the conformance runner fixes
it at load: `fixed_values.SHAPE_OPERANDS`) the kept positions are known: `nonzero(condition)`
(a condition shorter than the axis keeps nothing past its end). Before the preparation (which
makes bool constants bytes and a Cast) each such Compress becomes a `Gather` of those indices along `axis`, or, without an axis, along the input
flattened by a `Reshape` (ONNX's definition). A Gather copies: exact for any type. A condition
that keeps nothing is left to torch-mlir.
"""

from __future__ import annotations

import numpy as np
import onnx

from xfuse.onnx.graph import NodeBuilder, initializer_arrays, node_attributes, rewrite_nodes


def gather_compressed(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The `model` with every default-domain Compress whose condition is a constant made
    a Gather (a copy when there is one), and how many there were."""
    constants = initializer_arrays(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        condition = constants.get(node.input[1])
        if condition is None or not condition.any():
            return None
        build = NodeBuilder(graph, prefix)
        kept = build.constant("kept", np.flatnonzero(condition.reshape(-1)).astype(np.int64))
        axis = node_attributes(node).get("axis")
        data = node.input[0]
        if axis is None:
            data = build.add("Reshape", [data, build.constant("flat", np.array([-1], np.int64))], "flattened")
        build.add("Gather", [data, kept], "gathered", axis=0 if axis is None else axis)
        return build.finish_as(node)

    return rewrite_nodes(model, _is_compress, rewrite, "compress")


def _is_compress(node: onnx.NodeProto) -> bool:
    return node.op_type == "Compress" and node.domain in ("", "ai.onnx")
