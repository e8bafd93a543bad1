"""`Resize` written as a weighted gather per axis, for the modes torch-mlir does not lower (right).

torch-mlir has no lowering of `antialias`, of cubic with `exclude_outside` or another
`cubic_coeff_a` than -0.75 (both are taken here, together or not), of `tf_crop_and_resize`, of
`axes` with `scales`, of nearest with `align_corners` (`floor` in ONNX's case), of a `keep_aspect_ratio_policy` whose sizes change ONNX's mapping
(`resize_aspect.py` takes the others); its `align_corners` is wrong when downsampling. Resize with
static shapes and constant `roi` / `scales` / `sizes` is separable: along each resized axis,
`y[.., i, ..] = sum_t w[i, t] * x[.., idx[i, t], ..]`, the output's positions outside the crop box
of `tf_crop_and_resize` set to `extrapolation_value`. `idx` and `w` depend on the sizes and
attributes only, so they are computed here at load (float64, numpy) from ONNX's definition:

- the source coordinate `c` of output position `i`, per `coordinate_transformation_mode`, with
  ONNX's float scale `s` (`sizes / d` or `scales`; one scale for the listed axes under a
  `keep_aspect_ratio_policy`);
- nearest: one tap, `c` rounded per `nearest_mode` (`c` itself when it is an integer);
- linear / cubic: the kernel `k` (the tent, or Keys' cubic with `cubic_coeff_a`), stretched by
  `1 / s` when antialiasing a downsample; taps at the integers `j` around `c` within the kernel's
  support, weights `k(s' (j - c))` (normalized when antialiasing), taps outside the input zeroed
  and the rest renormalized under `exclude_outside`;
- every tap index clamped into the input (ONNX pads by repeating the edge).

Each axis becomes `Gather` (axis `a`, indices `m x n`), `Mul` by the weights, `ReduceSum` over the
tap axis (a lone nearest tap: the `Gather` alone), and a `Where` for extrapolated positions; an
axis the mapping leaves as it is gets nothing. No dense interpolation matrix: a tap of weight 0 in
every row is dropped, so an inf far away never meets a 0 weight. Integer inputs are resized in
float64 and rounded half to even, clipped to their type's range (ONNX's saturating cast); 64-bit
ones only in nearest mode (float64 does not hold them exactly).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, node_attributes, rewrite_nodes, static_types

ROI, SCALES, SIZES = 1, 2, 3
"""`Resize`'s input positions (0 is X)."""

KEYS_A = -0.75
"""The cubic coefficient torch-mlir's lowering assumes (ONNX's default)."""

FLOAT_COMPUTE = {TensorProto.FLOAT: TensorProto.FLOAT, TensorProto.DOUBLE: TensorProto.DOUBLE,
                 TensorProto.FLOAT16: TensorProto.FLOAT, TensorProto.BFLOAT16: TensorProto.FLOAT}
"""The element type a float input is interpolated in; integers are interpolated in float64."""

INTEGERS = {TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64,
            TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64}

WIDE_INTEGERS = {TensorProto.INT64, TensorProto.UINT64}
"""Integers only nearest mode (a gather, exact) resizes here: interpolated in float64, their
values and bounds round."""


@dataclass(frozen=True)
class AxisTaps:
    """One axis's resize: output position i reads `indices[i]` (clamped into the input) with
    `weights[i]` (None: a single tap of weight 1), and is `extrapolation_value` where `outside[i]`
    (None: nowhere)."""

    indices: np.ndarray
    weights: np.ndarray | None
    outside: np.ndarray | None

    def is_identity(self) -> bool:
        """Whether the axis comes out as it went in (every position reads itself, exactly)."""
        m = self.indices.shape[0]
        if self.outside is not None:
            return False
        if self.weights is None:
            return bool((self.indices == np.arange(m)).all())
        ones = self.weights == 1.0
        return bool((ones.sum(axis=1) == 1).all() and ((self.weights == 0.0) | ones).all()
                    and (self.indices[ones] == np.arange(m)).all())


def decompose_resizes(model: onnx.ModelProto, every: bool = False) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `Resize` that torch-mlir does not lower
    right (`needs_taps`; with `every`, any: the tests compare both paths) and whose input shape is
    static and `roi` / `scales` / `sizes` constant written as gathers per axis (a copy when there
    is one), and how many there were. The others stay: torch-mlir lowers them, or they are
    refused by name."""
    types, constants = static_types(model), initializer_arrays(model)

    def selects(node: onnx.NodeProto) -> bool:
        return node.op_type == "Resize" and node.domain in ("", "ai.onnx") and (every or needs_taps(node, types))

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        plan = resize_plan(node, types, constants)
        return None if plan is None else _emit(node, plan, types[node.input[0]][0], graph, prefix)

    return rewrite_nodes(model, selects, rewrite, "taps")


def needs_taps(node: onnx.NodeProto, types: dict) -> bool:
    """Whether the Resize uses what torch-mlir has no (right) lowering of: the module docstring."""
    attributes = node_attributes(node)
    mode = attributes.get("mode", "nearest")
    transform = attributes.get("coordinate_transformation_mode", "half_pixel")
    if (attributes.get("antialias", 0) and mode != "nearest") or "axes" in attributes \
            or attributes.get("keep_aspect_ratio_policy", "stretch") != "stretch" \
            or transform == "tf_crop_and_resize" or (mode == "nearest" and transform == "align_corners"):
        return True
    if mode == "cubic" and (attributes.get("exclude_outside", 0) or attributes.get("cubic_coeff_a", KEYS_A) != KEYS_A):
        return True
    shapes = [types.get(name, (None, None))[1] for name in (node.input[0], node.output[0])]
    return transform == "align_corners" and None not in shapes and any(
        o < i for i, o in zip(*shapes, strict=True))


def axis_taps(attributes: dict, width: int, out: int, scale: float, roi: tuple[float, float]) -> AxisTaps:
    """The taps of one axis of `width` resized to `out` positions with ONNX's float `scale`
    (`roi`: the axis's crop box, read by `tf_crop_and_resize` only)."""
    mode = attributes.get("mode", "nearest")
    coordinate, outside = _source_coordinates(attributes.get("coordinate_transformation_mode", "half_pixel"),
                                              width, out, scale, roi)
    floor = np.floor(coordinate)
    if mode == "nearest":
        rounded = _round(coordinate, floor, attributes.get("nearest_mode", "round_prefer_floor"))
        return AxisTaps(np.clip(rounded, 0, width - 1).astype(np.int64), None, outside)
    radius, kernel = (1, _tent) if mode == "linear" else (2, _keys(float(attributes.get("cubic_coeff_a", KEYS_A))))
    stretch = min(scale, 1.0) if attributes.get("antialias", 0) else 1.0
    first = math.floor(-radius / stretch) + 1
    left = np.where(coordinate == floor, coordinate - 1, floor)  # the tap left of c, c itself excluded
    taps = left[:, None] + np.arange(first, 2 - first)[None, :]
    weights = kernel(stretch * (taps - coordinate[:, None]))
    if attributes.get("antialias", 0):
        weights = weights / weights.sum(axis=1, keepdims=True)
    if attributes.get("exclude_outside", 0):
        weights = np.where((taps < 0) | (taps >= width), 0.0, weights)
        total = weights.sum(axis=1, keepdims=True)
        weights = weights / np.where(total == 0, 1.0, total)
    used = (weights != 0).any(axis=0)
    return AxisTaps(np.clip(taps[:, used], 0, width - 1).astype(np.int64), weights[:, used], outside)


def _source_coordinates(transform: str, width: int, out: int, scale: float,
                        roi: tuple[float, float]) -> tuple[np.ndarray, np.ndarray | None]:
    """Each output position's coordinate in the input, and (tf_crop_and_resize) which fall
    outside it. ONNX's resized length is the float `scale * width`, not the integer `out`."""
    position = np.arange(out, dtype=np.float64)
    length = scale * width
    if transform == "align_corners":
        return (np.zeros(out) if length == 1 else position * (width - 1) / (length - 1)), None
    if transform == "asymmetric":
        return position / scale, None
    if transform == "pytorch_half_pixel" and length == 1:
        return np.full(out, -0.5), None
    if transform in ("half_pixel", "pytorch_half_pixel"):
        return (position + 0.5) / scale - 0.5, None
    if transform == "half_pixel_symmetric":
        offset = width / 2 * (1 - out / length)
        return offset + (position + 0.5) / scale - 0.5, None
    if transform == "tf_crop_and_resize":
        start, end = roi
        span = (end - start) * (width - 1)
        coordinate = np.full(out, span / 2) if length == 1 else position * span / (length - 1)
        coordinate = coordinate + start * (width - 1)
        outside = (coordinate < 0) | (coordinate > width - 1)
        return coordinate, (outside if outside.any() else None)
    raise ValueError(f"coordinate_transformation_mode '{transform}'")


def _round(coordinate: np.ndarray, floor: np.ndarray, nearest_mode: str) -> np.ndarray:
    fraction = coordinate - floor
    if nearest_mode == "floor":
        return floor
    if nearest_mode == "ceil":
        return np.ceil(coordinate)
    if nearest_mode == "round_prefer_floor":
        return np.where(fraction <= 0.5, floor, floor + 1)
    if nearest_mode == "round_prefer_ceil":
        return np.where(fraction < 0.5, floor, floor + 1)
    raise ValueError(f"nearest_mode '{nearest_mode}'")


def _tent(t: np.ndarray) -> np.ndarray:
    return np.clip(1 - np.abs(t), 0, 1)


def _keys(a: float):
    """Keys' cubic convolution kernel with coefficient `a` (support [-2, 2])."""
    def kernel(t: np.ndarray) -> np.ndarray:
        t = np.abs(t)
        near = ((a + 2) * t - (a + 3)) * t * t + 1
        far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
        return np.where(t <= 1, near, np.where(t < 2, far, 0.0))
    return kernel


@dataclass(frozen=True)
class ResizePlan:
    """A Resize's output shape and the taps of each axis it changes, in ONNX's order."""

    shape: tuple[int, ...]
    axes: tuple[tuple[int, AxisTaps], ...]
    extrapolation: float


def resize_plan(node: onnx.NodeProto, types: dict, constants: dict) -> ResizePlan | None:
    """The node's taps, or None when its input shape is not static, its `roi` / `scales` /
    `sizes` not constants, or an attribute not one ONNX defines (left to torch-mlir's refusal)."""
    if node.input[0] not in types:
        return None
    element, shape = types[node.input[0]]
    if element not in FLOAT_COMPUTE and element not in INTEGERS:
        return None
    attributes = node_attributes(node)
    if attributes.get("mode", "nearest") not in ("nearest", "linear", "cubic"):
        return None
    if element in WIDE_INTEGERS and attributes.get("mode", "nearest") != "nearest":
        return None  # float64 holds neither every value nor the type's bounds: left to torch-mlir
    rank = len(shape)
    axes = [a % rank for a in attributes.get("axes", range(rank))] if rank else []
    parameters = []
    for index in (ROI, SCALES, SIZES):
        name = node.input[index] if len(node.input) > index else ""
        if name and name not in constants:
            return None
        parameters.append(constants[name].reshape(-1) if name and constants[name].size else None)
    roi, scales, sizes = parameters
    transform = attributes.get("coordinate_transformation_mode", "half_pixel")
    listed = len(axes)
    if len(set(axes)) != listed or (scales is None) == (sizes is None) \
            or len(scales if scales is not None else sizes) != listed \
            or (transform == "tf_crop_and_resize" and (roi is None or roi.size != 2 * listed)):
        return None
    if scales is not None:
        factors = [float(s) for s in scales]
        outs = [int(np.float64(s) * shape[a]) for s, a in zip(scales, axes, strict=True)]
    else:
        if 0 in [shape[a] for a in axes]:
            return None
        factors = [float(np.int64(size) / shape[a]) for size, a in zip(sizes, axes, strict=True)]
        outs = [int(size) for size in sizes]
        policy = attributes.get("keep_aspect_ratio_policy", "stretch")
        if policy in ("not_larger", "not_smaller"):
            common = min(factors) if policy == "not_larger" else max(factors)
            factors = [common] * listed
            outs = [int(common * shape[a] + 0.5) for a in axes]
        elif policy != "stretch":
            return None
    out_shape = list(shape)
    planned = []
    try:
        for position, axis in enumerate(axes):
            box = (float(roi[position]), float(roi[listed + position])) if roi is not None else (0.0, 1.0)
            taps = axis_taps(attributes, shape[axis], outs[position], factors[position], box)
            out_shape[axis] = outs[position]
            if not taps.is_identity() or outs[position] != shape[axis]:
                planned.append((axis, taps))
    except ValueError:
        return None
    if 0 in out_shape:
        return None
    return ResizePlan(tuple(out_shape), tuple(planned), float(attributes.get("extrapolation_value", 0.0)))


def _emit(node: onnx.NodeProto, plan: ResizePlan, element: int, graph: onnx.GraphProto,
          prefix: str) -> list[onnx.NodeProto]:
    """The nodes computing the node's output by `plan`."""
    nodes: list[onnx.NodeProto] = []
    weighted = any(taps.weights is not None for _, taps in plan.axes)
    compute = FLOAT_COMPUTE.get(element, TensorProto.DOUBLE) if weighted else element
    current = node.input[0]

    def constant(suffix: str, array: np.ndarray) -> str:
        graph.initializer.append(numpy_helper.from_array(array, f"{prefix}_{suffix}"))
        return f"{prefix}_{suffix}"

    def add(op: str, inputs: list[str], suffix: str, **attributes) -> str:
        nodes.append(helper.make_node(op, inputs, [f"{prefix}_{suffix}"], name=f"{prefix}_{suffix}", **attributes))
        return f"{prefix}_{suffix}"

    dtype = helper.tensor_dtype_to_np_dtype(compute)
    if compute != element:
        current = add("Cast", [current], "in", to=compute)
    rank = len(plan.shape)
    for axis, taps in plan.axes:
        trailing = (1,) * (rank - axis - 1)
        if taps.weights is None:
            current = add("Gather", [current, constant(f"idx{axis}", taps.indices.reshape(-1))], f"gather{axis}",
                          axis=axis)
        else:
            gathered = add("Gather", [current, constant(f"idx{axis}", taps.indices)], f"gather{axis}", axis=axis)
            weights = constant(f"w{axis}", taps.weights.reshape(taps.weights.shape + trailing).astype(dtype))
            product = add("Mul", [gathered, weights], f"mul{axis}")
            current = add("ReduceSum", [product, constant(f"tap_axis{axis}", np.array([axis + 1], np.int64))],
                          f"sum{axis}", keepdims=0)
        if taps.outside is not None:
            mask = add("Cast", [constant(f"outside{axis}", taps.outside.reshape((-1,) + trailing).astype(np.uint8))],
                       f"mask{axis}", to=TensorProto.BOOL)
            value = constant(f"extrapolation{axis}", _saturated(plan.extrapolation, dtype))
            current = add("Where", [mask, value, current], f"where{axis}")
    if compute != element:
        target = helper.tensor_dtype_to_np_dtype(element)
        if element in INTEGERS:
            info = np.iinfo(target)
            current = add("Round", [current], "round")
            current = add("Clip", [current, constant("min", np.array(info.min, dtype)),
                                   constant("max", np.array(info.max, dtype))], "clip")
        nodes.append(helper.make_node("Cast", [current], list(node.output), name=node.name, to=element))
    else:
        nodes.append(helper.make_node("Identity", [current], list(node.output), name=node.name))
    return nodes


def _saturated(value: float, dtype: np.dtype) -> np.ndarray:
    """`value` in `dtype` as ONNX's saturating cast gives it (rounded half to even and clipped
    for integers)."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return np.array(np.clip(np.round(value), info.min, info.max), dtype)
    return np.array(value, dtype)
