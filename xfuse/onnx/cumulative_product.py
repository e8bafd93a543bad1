"""`CumProd` written as a logarithmic scan of `Mul`s, which torch-mlir lowers.

torch-mlir has no lowering of `CumProd`. On the prepared model (static shapes) a CumProd along
a constant axis of length `n` becomes the Hillis-Steele scan: `ceil(log2 n)` steps, step `s`
multiplying the running product by itself moved `s` places along the axis (the places moved
in from outside read 1). Each element ends up the product of the elements before it (or
after it, with `reverse`), itself included, or not with `exclusive` (the input moved one place
first). Integer products are exact (multiplication modulo 2^bits is associative, as ONNX's
reference computes them); float ones are regrouped, like any parallel scan.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, node_attributes, rewrite_nodes, static_types


def decompose_cumulative_products(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain CumProd whose axis is a constant and whose
    input's shape is static decomposed (a copy when there is one), and how many there were;
    the others stay (torch-mlir refuses them by name)."""
    types, constants = static_types(model), initializer_arrays(model)

    def scan(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        x, axis = types.get(node.input[0]), constants.get(node.input[1])
        if x is None or axis is None or axis.size != 1 or not x[1]:
            return None
        return _Scan(graph, prefix, x[0], x[1], int(axis.reshape(-1)[0]) % len(x[1])).nodes_for(node)

    return rewrite_nodes(model, _is_cum_prod, scan, "cumprod")


def _is_cum_prod(node: onnx.NodeProto) -> bool:
    return node.op_type == "CumProd" and node.domain in ("", "ai.onnx")


class _Scan:
    """The nodes of one CumProd's scan, their constants added to `graph`."""

    def __init__(self, graph: onnx.GraphProto, prefix: str, element: int, shape: tuple[int, ...], axis: int):
        self.graph, self.prefix, self.shape, self.axis = graph, prefix, shape, axis
        self.dtype = helper.tensor_dtype_to_np_dtype(element)
        self.nodes: list[onnx.NodeProto] = []

    def nodes_for(self, node: onnx.NodeProto) -> list[onnx.NodeProto]:
        attributes = node_attributes(node)
        reverse, length = bool(attributes.get("reverse", 0)), self.shape[self.axis]
        product = node.input[0]
        if attributes.get("exclusive", 0):
            product = self._moved(product, 1, reverse, "exclusive")
        step = 1
        while step < length:
            moved = self._moved(product, step, reverse, f"moved{step}")
            product = self._node("Mul", [product, moved], f"product{step}")
            step *= 2
        self._node("Identity", [product], "result")
        self.nodes[-1].output[0] = node.output[0]
        return self.nodes

    def _moved(self, value: str, places: int, reverse: bool, name: str) -> str:
        """`value` moved `places` along the axis (towards its end, or its start with `reverse`),
        the places it leaves reading 1."""
        length = self.shape[self.axis]
        places = min(places, length)
        ones_shape = list(self.shape)
        ones_shape[self.axis] = places
        one = self._constant(f"{name}_one", np.array(1, self.dtype))
        ones = self._node("Expand", [one, self._constant(f"{name}_shape", np.array(ones_shape, np.int64))],
                          f"{name}_ones")
        if places == length:
            return ones  # nothing is left of `value` (an exclusive scan of one element)
        kept = self._node("Slice", [value, *self._indices(f"{name}_slice", (places, length) if reverse
                                                          else (0, length - places))], f"{name}_kept")
        return self._node("Concat", [kept, ones] if reverse else [ones, kept], name, axis=self.axis)

    def _indices(self, name: str, bounds: tuple[int, int]) -> list[str]:
        start, end = bounds
        return [self._constant(f"{name}_starts", np.array([start], np.int64)),
                self._constant(f"{name}_ends", np.array([end], np.int64)),
                self._constant(f"{name}_axes", np.array([self.axis], np.int64))]

    def _constant(self, name: str, array: np.ndarray) -> str:
        self.graph.initializer.append(numpy_helper.from_array(array, f"{self.prefix}_{name}"))
        return f"{self.prefix}_{name}"

    def _node(self, op: str, inputs: list[str], name: str, **attributes) -> str:
        output = f"{self.prefix}_{name}"
        self.nodes.append(helper.make_node(op, inputs, [output], name=output, **attributes))
        return output
