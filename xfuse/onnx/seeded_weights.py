"""Seeded random weights for models that ship without them.

The "light" models of the onnx wheel (onnx/backend/test/data/light/) make every weight with a
`ConstantOfShape` node: all 0.02, so a convolution reading a wrong input index still computes
the same sum and a wrong result goes unseen. `random_weights` replaces each by a seeded random
tensor whose scale depends on what reads it, so activations stay of order 1 through a deep
network (He initialization for convolution and matmul weights: variance 2 / fan-in):

| read by | values |
|---|---|
| Conv / Gemm / MatMul weight | normal, std sqrt(2 / fan-in) |
| BatchNormalization scale, variance; Mul, Div, anything else | uniform in [0.5, 1.5) |
| biases, BatchNormalization bias and mean; Add, Sub, Sum | normal, std 0.1 |

A value read through Unsqueeze / Reshape / Squeeze / Flatten / Identity is judged by the op
behind them.
"""

from __future__ import annotations

import math

import numpy as np
import onnx
from onnx import numpy_helper

from xfuse.onnx.graph import constant_of_shape_nodes, replace_nodes

_PASS_THROUGH = {"Unsqueeze", "Reshape", "Squeeze", "Flatten", "Identity"}
_ADDITIVE = {"Add", "Sub", "Sum"}


def random_weights(model: onnx.ModelProto, seed: int = 0) -> onnx.ModelProto:
    """A copy of `model` with every `ConstantOfShape` of a constant shape replaced by a seeded
    random initializer of its shape and element type (see the module's table)."""
    result = onnx.ModelProto()
    result.CopyFrom(model)
    rng = np.random.default_rng(seed)
    readers = _readers(result)
    replacements = {}
    for node, shape in constant_of_shape_nodes(result):
        dtype = np.float32
        for attribute in node.attribute:
            if attribute.name == "value":
                dtype = numpy_helper.to_array(attribute.t).dtype
        if np.dtype(dtype).kind != "f":
            continue
        array = _sample(_reader_of(node.output[0], readers), shape, rng).astype(dtype)
        replacements[node.output[0]] = numpy_helper.from_array(array, node.output[0])
    replace_nodes(result, replacements)
    return result


def _readers(model: onnx.ModelProto) -> dict[str, list[tuple[onnx.NodeProto, int]]]:
    readers: dict[str, list[tuple[onnx.NodeProto, int]]] = {}
    for node in model.graph.node:
        for index, name in enumerate(node.input):
            readers.setdefault(name, []).append((node, index))
    return readers


def _reader_of(name: str, readers: dict) -> tuple[onnx.NodeProto, int] | None:
    """The first op reading `name`, looking through ops that only reshape it."""
    for _ in range(8):
        found = readers.get(name)
        if not found:
            return None
        node, index = found[0]
        if node.op_type not in _PASS_THROUGH or index != 0:
            return node, index
        name = node.output[0]
    return None


def _sample(reader: tuple[onnx.NodeProto, int] | None, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    op, index = (reader[0].op_type, reader[1]) if reader else ("", -1)
    if index == 1 and op in ("Conv", "Gemm", "MatMul"):
        return rng.normal(0.0, math.sqrt(2.0 / max(1, _fan_in(reader[0], shape))), shape)
    if op in _ADDITIVE or (index == 2 and op in ("Conv", "Gemm")) or (op == "BatchNormalization" and index in (2, 3)):
        return rng.normal(0.0, 0.1, shape)
    return rng.uniform(0.5, 1.5, shape)


def _fan_in(node: onnx.NodeProto, shape: tuple[int, ...]) -> int:
    if node.op_type == "Conv":
        return math.prod(shape[1:])
    if node.op_type == "Gemm":
        trans_b = next((a.i for a in node.attribute if a.name == "transB"), 0)
        return shape[1] if trans_b else shape[0]
    return shape[-2] if len(shape) >= 2 else shape[0]
