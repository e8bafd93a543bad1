"""`AffineGrid` with a constant `size` written as one `MatMul` by a grid computed at load.

torch-mlir has no lowering of `AffineGrid`. Its output is `theta` (run time, `N x 2 x 3` for
images, `N x 3 x 4` for volumes) applied to the homogeneous coordinates of every output point:
`grid[n, (d,) h, w] = theta[n] @ (x_w, y_h, (z_d,) 1)`. The coordinates depend on `size` and
`align_corners` only (ONNX: `-1 + i * 2 / (s - 1)` with `align_corners`, else the pixel centres
`-1 + (2 i + 1) / s`; an axis of one point with `align_corners` is -1 in ONNX's reference and 0 in
onnxruntime, as in PyTorch: such a node stays, refused by `support.py`), so the base grid (`points x 3` or `x 4`) is a
constant here and the node becomes `MatMul(base, Transpose(theta))` and a `Reshape`.

ONNX's expanded form of the op (its function body inlined, the `_expanded` conformance cases) is
not covered: once `size` is a constant, onnxruntime's shape inference rejects the body (its
`Range` bounds are 1-element tensors, not scalars), so the body's `If`s on the rank and on
`align_corners` are not folded, and torch-mlir has no lowering of `If`.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, node_attributes, rewrite_nodes, static_types
from xfuse.onnx.resize_taps import FLOAT_COMPUTE


def decompose_affine_grids(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `AffineGrid` whose `size` is a constant and
    `theta` a float tensor of static shape matching it decomposed (a copy when there is one), and
    how many there were; the others stay (torch-mlir refuses them by name)."""
    types, constants = static_types(model), initializer_arrays(model)

    def selects(node: onnx.NodeProto) -> bool:
        return node.op_type == "AffineGrid" and node.domain in ("", "ai.onnx")

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        theta, size = types.get(node.input[0]), constants.get(node.input[1])
        if theta is None or size is None or theta[0] not in FLOAT_COMPUTE:
            return None
        size = [int(s) for s in size.reshape(-1)]
        spatial = len(size) - 2
        if spatial not in (2, 3) or theta[1] != (size[0], spatial, spatial + 1) or min(size) < 1:
            return None
        align_corners = bool(node_attributes(node).get("align_corners", 0))
        if align_corners and 1 in size[2:]:
            return None  # refused (support.py): onnxruntime and ONNX's reference disagree
        base = base_grid(size[2:], align_corners)
        dtype = helper.tensor_dtype_to_np_dtype(theta[0])
        graph.initializer.append(numpy_helper.from_array(base.astype(dtype), f"{prefix}_base"))
        graph.initializer.append(numpy_helper.from_array(np.array([*size[:1], *size[2:], spatial], np.int64),
                                                         f"{prefix}_shape"))
        return [helper.make_node("Transpose", [node.input[0]], [f"{prefix}_theta_t"], name=f"{prefix}_Transpose",
                                 perm=[0, 2, 1]),
                helper.make_node("MatMul", [f"{prefix}_base", f"{prefix}_theta_t"], [f"{prefix}_points"],
                                 name=f"{prefix}_MatMul"),
                helper.make_node("Reshape", [f"{prefix}_points", f"{prefix}_shape"], list(node.output), name=node.name)]

    return rewrite_nodes(model, selects, rewrite, "grid")


def base_grid(spatial: list[int], align_corners: bool) -> np.ndarray:
    """The homogeneous coordinates `(x, y, (z,) 1)` of every point of a `spatial` grid (`(D,) H, W`),
    in row-major order of the points: `points x (len(spatial) + 1)`, float64."""
    axes = [_coordinates(s, align_corners) for s in spatial]
    mesh = np.meshgrid(*axes, indexing="ij")  # (z,) y, x
    columns = [m.reshape(-1) for m in reversed(mesh)]  # x first
    return np.stack([*columns, np.ones_like(columns[0])], axis=1)


def _coordinates(size: int, align_corners: bool) -> np.ndarray:
    index = np.arange(size, dtype=np.float64)
    if align_corners:
        return np.full(1, -1.0) if size == 1 else -1 + index * (2 / (size - 1))
    step = 2 / size
    return -1 + step / 2 + index * step
