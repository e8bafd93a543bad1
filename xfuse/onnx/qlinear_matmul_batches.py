"""A batched `QLinearMatMul` written as one 2-D `QLinearMatMul` per matrix of the batch.

torch-mlir lowers `QLinearMatMul` of matrices right (ONNX's 2-D conformance cases agree with
onnxruntime exactly), but its lowering of a batched one gives IR that mlir-opt rejects
(`tensor.extract_slice` "expected element type to be 'i8'": `test_qlinearmatmul_3D_*`). On the
prepared model (static shapes) a QLinearMatMul whose operands have the same batch dimensions (or
whose `b` is a matrix) and per-tensor scales and zero points becomes: each operand reshaped to
`B x rows x columns`, `Gather` of matrix `i` for every `i < B`, the 2-D QLinearMatMul of each,
`Concat` of their results and a `Reshape` to the batch's shape. The products are computed by
the very lowering that is right, so the results are the same bit for bit.
"""

from __future__ import annotations

import math

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import rewrite_nodes, static_types

MAX_MATRICES = 64
"""Batches of more matrices stay as they are (and are refused by mlir-opt): the graph grows by
five nodes a matrix."""


def split_qlinear_matmul_batches(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain batched QLinearMatMul the module docstring
    describes split into 2-D ones (a copy when there is one), and how many there were."""
    types = static_types(model)

    def split(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        a, b = types.get(node.input[0]), types.get(node.input[3])
        quantization = [types.get(node.input[i]) for i in (1, 2, 4, 5, 6, 7)]
        if a is None or b is None or None in quantization or any(math.prod(q[1]) != 1 for q in quantization):
            return None
        batch = a[1][:-2]
        if len(a[1]) < 3 or b[1][:-2] not in (batch, ()) or math.prod(batch) > MAX_MATRICES:
            return None
        return _per_matrix(node, batch, a[1][-2:], b[1], graph, prefix)

    return rewrite_nodes(model, _is_qlinear_matmul, split, "batch")


def _is_qlinear_matmul(node: onnx.NodeProto) -> bool:
    return node.op_type == "QLinearMatMul" and node.domain in ("", "ai.onnx") and len(node.input) == 8


def _per_matrix(node: onnx.NodeProto, batch: tuple[int, ...], a_matrix: tuple[int, ...], b_shape: tuple[int, ...],
                graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
    def constant(name: str, values) -> str:
        graph.initializer.append(numpy_helper.from_array(np.array(values, np.int64), f"{prefix}_{name}"))
        return f"{prefix}_{name}"

    count = math.prod(batch)
    nodes = [helper.make_node("Reshape", [node.input[0], constant("a_shape", [count, *a_matrix])], [f"{prefix}_a"],
                              name=f"{prefix}_Reshape_a")]
    batched_b = len(b_shape) > 2
    if batched_b:
        nodes.append(helper.make_node("Reshape", [node.input[3], constant("b_shape", [count, *b_shape[-2:]])],
                                      [f"{prefix}_b"], name=f"{prefix}_Reshape_b"))
    products, at0 = [], constant("at0", [0])
    for i in range(count):
        index = constant(f"index{i}", i)
        a_i, b_i, y_i = f"{prefix}_a{i}", f"{prefix}_b{i}" if batched_b else node.input[3], f"{prefix}_y{i}"
        nodes.append(helper.make_node("Gather", [f"{prefix}_a", index], [a_i], name=f"{prefix}_Gather_a{i}", axis=0))
        if batched_b:
            nodes.append(helper.make_node("Gather", [f"{prefix}_b", index], [b_i], name=f"{prefix}_Gather_b{i}", axis=0))
        inputs = list(node.input)
        inputs[0], inputs[3] = a_i, b_i
        nodes.append(helper.make_node("QLinearMatMul", inputs, [y_i], name=f"{prefix}_QLinearMatMul{i}"))
        products.append(f"{prefix}_y{i}_row")
        nodes.append(helper.make_node("Unsqueeze", [y_i, at0], [products[-1]],
                                      name=f"{prefix}_Unsqueeze{i}"))
    nodes.append(helper.make_node("Concat", products, [f"{prefix}_products"], name=f"{prefix}_Concat", axis=0))
    nodes.append(helper.make_node("Reshape", [f"{prefix}_products", constant("y_shape", [*batch, a_matrix[0],
                                                                                         b_shape[-1]])],
                                  list(node.output), name=node.name or f"{prefix}_Reshape"))
    return nodes
