"""`GridSample` (images and volumes: nearest, linear, cubic) written as the ops it is made of.

torch-mlir's lowering rounds halfway cases of `mode='nearest'` differently from ONNX and, with
`padding_mode='zeros'` (the default), reads outside the input for points outside it (garbage:
4e24 in one run); `support.py` refused both. On the prepared model (static shapes) each float32
`GridSample` becomes what ONNX's reference (onnx/reference/ops/op_grid_sample.py) computes, with
ops torch-mlir lowers right, per spatial axis (the grid's last dimension lists x, the innermost
axis, first):

- the coordinate: `(g + 1) / 2 * (d - 1)` with `align_corners`, else `((g + 1) * d - 1) / 2`;
  `Round` (half to even) for nearest; outside the border (`[0, d - 1]` or `[-0.5, d - 0.5]`):
  clipped to `[0, d - 1]` for `border`, reflected for `reflection`;
- the taps: the coordinate itself for nearest, `floor` and `floor + 1` with weights `1 - t`, `t`
  for linear, `floor - 1` to `floor + 2` with Keys' cubic weights (a = -0.75) for cubic (images
  only, as in ONNX); a tap outside `[0, d)` reads 0 with `zeros`, the nearest pixel with
  `border`, its reflection (truncated to an integer) with `reflection`;
- each combination of the axes' taps reads `GatherElements` of the input flattened to
  `N x C x (D)HW` at `((z) H + y) W + x`; the weighted reads are summed.

Cubic mode with `border` padding stays as it is (refused): there onnxruntime and ONNX's
reference disagree near the border.
"""

from __future__ import annotations

import itertools

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from xfuse.onnx.graph import node_attributes, static_types

LINEAR = ("linear", "bilinear")
CUBIC = ("cubic", "bicubic")
NEAREST = "nearest"
CUBIC_ALPHA = -0.75
"""The cubic convolution's `a` that ONNX's GridSample uses (Keys)."""


def decompose_grid_samples(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain float32 `GridSample` (4-D, or 5-D but cubic)
    but a cubic one with border padding decomposed (a copy, shapes inferred again, when there is one), and how many there were."""
    if not any(_candidate(node) for node in model.graph.node):
        return model, 0
    types = static_types(model)
    result = onnx.ModelProto()
    result.CopyFrom(model)
    nodes, count = [], 0
    for node in result.graph.node:
        x, grid = types.get(node.input[0]), types.get(node.input[1]) if len(node.input) > 1 else None
        if not (_candidate(node) and x and grid and x[0] == grid[0] == TensorProto.FLOAT and (
                len(x[1]) == 4 or (len(x[1]) == 5 and node_attributes(node).get("mode", "linear") not in CUBIC))):
            nodes.append(node)
            continue
        attributes = node_attributes(node)
        if attributes.get("padding_mode", "zeros") == "reflection" and attributes.get("align_corners", 0) \
                and 1 in x[1][2:]:
            nodes.append(node)  # a border of width 0: the reference divides by it
            continue
        builder = _Builder(result.graph, f"{node.name or node.output[0]}_gs{count}")
        _decompose(builder, node, x[1], grid[1], attributes)
        nodes.extend(builder.nodes)
        count += 1
    del result.graph.node[:]
    result.graph.node.extend(nodes)
    return (onnx.shape_inference.infer_shapes(result) if count else model), count


def _candidate(node: onnx.NodeProto) -> bool:
    """Nearest, linear, and cubic but with `border` padding: there onnxruntime and ONNX's
    reference disagree near the border (by 0.3 in one test: onnxruntime does not clip the
    coordinate), so `support.py` refuses it."""
    attributes = node_attributes(node)
    mode = attributes.get("mode", "linear")
    return (node.op_type == "GridSample" and node.domain in ("", "ai.onnx") and mode in (*LINEAR, *CUBIC, NEAREST)
            and not (mode in CUBIC and attributes.get("padding_mode", "zeros") == "border"))


class _Builder:
    """Nodes and constants with names under one prefix."""

    def __init__(self, graph: onnx.GraphProto, prefix: str):
        self.graph, self.prefix, self.nodes, self.count = graph, prefix, [], 0

    def _name(self, hint: str) -> str:
        self.count += 1
        return f"{self.prefix}_{hint}{self.count}"

    def const(self, value, dtype=np.float32) -> str:
        name = self._name("c")
        self.graph.initializer.append(numpy_helper.from_array(np.array(value, dtype), name))
        return name

    def op(self, op_type: str, *inputs: str, output: str | None = None, **attributes) -> str:
        output = output or self._name(op_type.lower())
        self.nodes.append(helper.make_node(op_type, list(inputs), [output], name=f"{output}_{op_type}", **attributes))
        return output


def _decompose(b: _Builder, node: onnx.NodeProto, x_shape, grid_shape, attributes: dict) -> None:
    n, c, *spatial = x_shape
    points = int(np.prod(grid_shape[1:-1]))
    mode = attributes.get("mode", "linear")
    nearest = mode == NEAREST
    padding = attributes.get("padding_mode", "zeros")
    align = bool(attributes.get("align_corners", 0))
    taps = []  # per spatial axis, outermost first: (index, weight or None) for each tap
    for axis, size in enumerate(spatial):
        entry = len(spatial) - 1 - axis  # the grid lists x (the innermost axis) first
        g = b.op("Gather", node.input[1], b.const(entry, np.int64), axis=len(grid_shape) - 1)  # N x points...
        coordinate = _coordinate(b, g, size, nearest, padding, align)
        if nearest:
            axis_taps = [(coordinate, None)]
        else:
            low = b.op("Floor", coordinate)
            t = b.op("Sub", coordinate, low)
            if mode in CUBIC:
                axis_taps = [(b.op("Add", low, b.const(float(offset))), weight)
                             for offset, weight in zip((-1, 0, 1, 2), _cubic_weights(b, t), strict=True)]
            else:
                axis_taps = [(low, b.op("Sub", b.const(1.0), t)), (b.op("Add", low, b.const(1.0)), t)]
        taps.append([(*_tap(b, tap, size, padding, align), weight) for tap, weight in axis_taps])
    flat = b.op("Reshape", node.input[0], b.const([n, c, int(np.prod(spatial))], np.int64))
    terms = []
    for combination in itertools.product(*taps):
        index, factors = None, []
        for size, (axis_index, valid, weight) in zip(spatial, combination, strict=True):
            index = axis_index if index is None else b.op("Add", b.op("Mul", index, b.const(size, np.int64)), axis_index)
            factors += [f for f in (weight, valid) if f is not None]
        index = b.op("Expand", b.op("Reshape", index, b.const([n, 1, points], np.int64)),
                     b.const([n, c, points], np.int64))
        value = b.op("Reshape", b.op("GatherElements", flat, index, axis=2),
                     b.const([n, c, *grid_shape[1:-1]], np.int64))
        if factors:
            weight = factors[0]
            for factor in factors[1:]:
                weight = b.op("Mul", weight, factor)
            value = b.op("Mul", value, b.op("Unsqueeze", weight, b.const([1], np.int64)))
        terms.append(value)
    total = terms[0]
    for term in terms[1:-1]:
        total = b.op("Add", total, term)
    if len(terms) > 1:
        b.op("Add", total, terms[-1], output=node.output[0])
    else:
        b.op("Identity", total, output=node.output[0])


def _cubic_weights(b: _Builder, t: str) -> list[str]:
    """Keys' cubic convolution weights of the taps at -1, 0, 1, 2 from the floor, for the
    fraction `t` (ONNX's `_gs_get_cubic_coeffs`)."""
    a = CUBIC_ALPHA

    def outer(d: str) -> str:  # ((a d - 5a) d + 8a) d - 4a, for 1 < d < 2
        inner = b.op("Add", b.op("Mul", b.op("Sub", b.op("Mul", d, b.const(a)), b.const(5 * a)), d), b.const(8 * a))
        return b.op("Sub", b.op("Mul", inner, d), b.const(4 * a))

    def middle(d: str) -> str:  # ((a + 2) d - (a + 3)) d d + 1, for 0 <= d <= 1
        inner = b.op("Sub", b.op("Mul", d, b.const(a + 2)), b.const(a + 3))
        return b.op("Add", b.op("Mul", b.op("Mul", inner, d), d), b.const(1.0))

    one_minus = b.op("Sub", b.const(1.0), t)
    return [outer(b.op("Add", t, b.const(1.0))), middle(t), middle(one_minus), outer(b.op("Sub", b.const(2.0), t))]


def _coordinate(b: _Builder, g: str, size: int, nearest: bool, padding: str, align: bool) -> str:
    """The grid's normalized coordinate `g` as a pixel coordinate along an axis of `size`,
    rounded for nearest, moved inside the border for `border` and `reflection`."""
    one = b.const(1.0)
    if align:
        x = b.op("Mul", b.op("Add", g, one), b.const((size - 1) / 2.0))
    else:
        x = b.op("Div", b.op("Sub", b.op("Mul", b.op("Add", g, one), b.const(float(size))), one), b.const(2.0))
    if nearest:
        x = b.op("Round", x)
    low, high = (0.0, size - 1.0) if align else (-0.5, size - 0.5)
    if padding == "border":
        clipped = b.op("Clip", x, b.const(0.0), b.const(size - 1.0))
        x = b.op("Where", b.op("Less", x, b.const(low)), clipped, b.op("Where", b.op("Greater", x, b.const(high)), clipped, x))
    elif padding == "reflection":
        x = _reflect(b, x, low, high)
    return x


def _reflect(b: _Builder, x: str, low: float, high: float) -> str:
    """ONNX's `_gs_reflect`: reflected by the nearer border until inside `[low, high]`."""
    span = b.const(high - low)
    below, above = b.op("Less", x, b.const(low)), b.op("Greater", x, b.const(high))
    distance = b.op("Where", below, b.op("Sub", b.const(low), x), b.op("Sub", x, b.const(high)))
    folds = b.op("Floor", b.op("Div", distance, span))
    rest = b.op("Sub", distance, b.op("Mul", folds, span))
    even = b.op("Equal", b.op("Mul", b.op("Floor", b.op("Mul", folds, b.const(0.5))), b.const(2.0)), folds)
    from_low, from_high = b.op("Add", b.const(low), rest), b.op("Sub", b.const(high), rest)
    reflected_below = b.op("Where", even, from_low, from_high)
    reflected_above = b.op("Where", even, from_high, from_low)
    return b.op("Where", below, reflected_below, b.op("Where", above, reflected_above, x))


def _tap(b: _Builder, tap: str, size: int, padding: str, align: bool) -> tuple[str, str | None]:
    """The int64 index a tap (a float holding an integer) reads along an axis of `size`, and for
    `zeros` the 0/1 weight that is 0 outside `[0, size)`."""
    valid = None
    if padding == "zeros":
        valid = b.op("Mul", b.op("Cast", b.op("Greater", tap, b.const(-1.0)), to=TensorProto.FLOAT),  # taps are integers
                     b.op("Cast", b.op("Less", tap, b.const(float(size))), to=TensorProto.FLOAT))
    elif padding == "reflection":
        low, high = (0.0, size - 1.0) if align else (-0.5, size - 0.5)
        tap = _reflect(b, tap, low, high)
    index = b.op("Cast", b.op("Clip", tap, b.const(0.0), b.const(size - 1.0)), to=TensorProto.INT64)
    return index, valid
