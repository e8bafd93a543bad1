"""`Neg` of integers as `0 - x`.

torch-mlir's lowering of ONNX `Neg` on int32 and int64 tensors goes through float32: every value
past 2^24 comes back rounded (`Neg(16777217)` gave `-16777216`, `Neg(2147483647)` gave the int32
minimum), a wrong result without any error. Its integer `Sub` is exact (wrapping, as ONNX's
reference), so on the prepared model every default-domain `Neg` of a signed integer type becomes
`Sub(0, x)`. Inside Loop / If / Scan bodies, which these rewrites do not reach,
`support.check_support` refuses such a Neg by name.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto

from xfuse.onnx.graph import NodeBuilder, rewrite_nodes, static_types

SIGNED = (TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64)


def subtract_integer_negations(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every Neg of a signed integer made `Sub(0, x)`, and how many."""
    types = static_types(model)

    def selects(node: onnx.NodeProto) -> bool:
        return (node.domain in ("", "ai.onnx") and node.op_type == "Neg"
                and types.get(node.input[0], (None,))[0] in SIGNED)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
        dtype = onnx.helper.tensor_dtype_to_np_dtype(types[node.input[0]][0])
        build = NodeBuilder(graph, prefix)
        build.add("Sub", [build.constant("zero", np.array(0, dtype)), node.input[0]], "negated")
        return build.finish_as(node)

    return rewrite_nodes(model, selects, rewrite, "integer_negation")
