"""`LpNormalization` written as the ops it is made of, zero vectors mapped to zero.

torch-mlir lowers `LpNormalization` to `x / norm(x)`, which is NaN where a vector is all zeros;
ONNX's reference (and onnxruntime) give 0 there (the conformance case
`test_l2normalization_axis_0` has such a vector). Before import each one becomes
`Where(Equal(n, 0), 0, Div(x, n))` with `n = ReduceL1` or `ReduceL2` of `x` along `axis`
(`keepdims=1`), which torch-mlir lowers right.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, opset_of, set_nodes

REDUCE_AXES_AS_INPUT = 18
"""The opset from which ReduceL1/ReduceL2 take their axes as an input, not an attribute."""


def decompose_lp_normalizations(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every default-domain `LpNormalization` decomposed (a copy when there is
    one), and how many there were."""
    if not any(node.op_type == "LpNormalization" and node.domain in ("", "ai.onnx") for node in model.graph.node):
        return model, 0
    result = onnx.ModelProto()
    result.CopyFrom(model)
    opset = opset_of(result)
    nodes, count = [], 0
    for node in result.graph.node:
        if node.op_type != "LpNormalization" or node.domain not in ("", "ai.onnx"):
            nodes.append(node)
            continue
        nodes.extend(_decomposed(node, opset, result.graph, f"{node.name or node.output[0]}_lp{count}"))
        count += 1
    set_nodes(result, nodes)
    return result, count


def _decomposed(node: onnx.NodeProto, opset: int, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
    attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    p, axis = attributes.get("p", 2), attributes.get("axis", -1)
    if p not in (1, 2):
        raise OnnxError(f"{describe_node(node)}: p={p}; ONNX defines LpNormalization for p = 1 or 2")
    x, (y,) = node.input[0], node.output
    norm, zero, is_zero, quotient = (f"{prefix}_{part}" for part in ("norm", "zero", "is_zero", "quotient"))
    reduce = "ReduceL1" if p == 1 else "ReduceL2"
    if opset >= REDUCE_AXES_AS_INPUT:
        axes = f"{prefix}_axes"
        graph.initializer.append(numpy_helper.from_array(np.array([axis], np.int64), axes))
        reduction = helper.make_node(reduce, [x, axes], [norm], name=f"{prefix}_{reduce}", keepdims=1)
    else:
        reduction = helper.make_node(reduce, [x], [norm], name=f"{prefix}_{reduce}", axes=[axis], keepdims=1)
    # the zero's element type is x's: CastLike of a float32 zero
    zero_f32 = f"{prefix}_zero_f32"
    graph.initializer.append(numpy_helper.from_array(np.array(0, np.float32), zero_f32))
    return [
        reduction,
        helper.make_node("CastLike", [zero_f32, x], [zero], name=f"{prefix}_CastLike"),
        helper.make_node("Equal", [norm, zero], [is_zero], name=f"{prefix}_Equal"),
        helper.make_node("Div", [x, norm], [quotient], name=f"{prefix}_Div"),
        helper.make_node("Where", [is_zero, zero, quotient], [y], name=node.name or f"{prefix}_Where"),
    ]
