"""`MatMul` of a vector and `Einsum` with a scalar result, written as products of higher rank.

torch-mlir's lowering of `MatMul` with a 1-D operand and a batched other one does not legalize
(`torch.aten.matmul` of a 4-D by a 1-D: `test_matmul_4d_1d`), and its lowering of an `Einsum`
whose result is a scalar aborts the process. Both are matrix products of a rank it handles,
so on the prepared model (ranks known):

- `MatMul(A, v)` with a 1-D `v` becomes `Squeeze(MatMul(A, Unsqueeze(v, -1)), -1)`, and
  `MatMul(v, B)` with a 1-D `v` becomes `Squeeze(MatMul(Unsqueeze(v, 0), B), -2)` (as numpy
  defines a vector operand; both at once: a dot product, squeezed to a scalar);
- `Einsum("...->")` becomes `ReduceSum(Einsum("...->i"), keepdims=0)`, `i` the first index of
  the equation: summing the kept index afterwards is the same sum; with no index at all (`"->"`,
  `",->"`: scalar operands) it is their product. (With an ellipsis the result is not a scalar
  but in an equation onnxruntime rejects, `"...->"`; `support.py` refuses it.)
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import node_attributes, rewrite_nodes, static_types


def raise_low_rank_products(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain MatMul of a 1-D operand and Einsum with a
    scalar result rewritten as the module docstring says (a copy when there is one), and how many
    there were. A MatMul whose operands' ranks are not known stays as it is."""
    types = static_types(model)

    def raised(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
        if node.op_type == "MatMul":
            return _matmul_of_vector(node, [len(types[name][1]) for name in node.input], graph, prefix)
        return _einsum_to_scalar(node, prefix)

    return rewrite_nodes(model, lambda node: _selected(node, types), raised, "rank")


def _selected(node: onnx.NodeProto, types: dict) -> bool:
    """A MatMul with a vector operand (both ranks known), or an Einsum with a scalar result (its
    explicit output empty, or in implicit mode every index repeated) and no ellipsis."""
    if node.domain not in ("", "ai.onnx"):
        return False
    if node.op_type == "MatMul" and all(name in types for name in node.input):
        return 1 in [len(types[name][1]) for name in node.input]
    if node.op_type == "Einsum":
        inputs, arrow, output = _equation(node).partition("->")
        if not arrow:  # implicit mode: the indices that appear once, in order
            output = "".join(c for c in sorted(set(inputs)) if c.isalpha() and inputs.count(c) == 1)
        return not output and "." not in inputs
    return False


def _equation(node: onnx.NodeProto) -> str:
    return str(node_attributes(node).get("equation", "")).replace(" ", "")


def _axes(graph: onnx.GraphProto, name: str, axes: list[int]) -> str:
    graph.initializer.append(numpy_helper.from_array(np.array(axes, np.int64), name))
    return name


def _matmul_of_vector(node: onnx.NodeProto, ranks: list[int], graph: onnx.GraphProto,
                      prefix: str) -> list[onnx.NodeProto]:
    a, b = node.input
    new, squeezed = [], []
    if ranks[0] == 1:
        a, squeezed = f"{prefix}_row", [-2]
        new.append(helper.make_node("Unsqueeze", [node.input[0], _axes(graph, f"{prefix}_at0", [0])], [a],
                                    name=f"{prefix}_Unsqueeze_a"))
    if ranks[1] == 1:
        b, squeezed = f"{prefix}_column", [*squeezed, -1]
        new.append(helper.make_node("Unsqueeze", [node.input[1], _axes(graph, f"{prefix}_at_last", [-1])], [b],
                                    name=f"{prefix}_Unsqueeze_b"))
    product = f"{prefix}_product"
    return [*new, helper.make_node("MatMul", [a, b], [product], name=f"{prefix}_MatMul"),
            helper.make_node("Squeeze", [product, _axes(graph, f"{prefix}_squeezed", squeezed)], list(node.output),
                             name=node.name or f"{prefix}_Squeeze")]


def _einsum_to_scalar(node: onnx.NodeProto, prefix: str) -> list[onnx.NodeProto]:
    inputs = _equation(node).partition("->")[0]
    kept = next((c for c in inputs if c.isalpha()), None)
    if kept is None:  # only scalar operands ("->", ",->"): their product
        nodes, product = [], node.input[0]
        for index, operand in enumerate(node.input[1:]):
            nodes.append(helper.make_node("Mul", [product, operand], [f"{prefix}_product{index}"],
                                          name=f"{prefix}_Mul{index}"))
            product = nodes[-1].output[0]
        return [*nodes, helper.make_node("Identity", [product], list(node.output), name=node.name or prefix)]
    partial = f"{prefix}_partial"
    return [helper.make_node("Einsum", list(node.input), [partial], name=f"{prefix}_Einsum",
                             equation=f"{inputs}->{kept}"),
            helper.make_node("ReduceSum", [partial], list(node.output), name=node.name or f"{prefix}_ReduceSum",
                             keepdims=0)]
