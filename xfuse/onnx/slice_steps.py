"""`Slice` with negative steps written as a `Gather` of the indices it takes, which is lowered right.

torch-mlir lowers a negative-step Slice as a flip and a positive-step slice whose offset it
computes as -1 for `starts = dim` (`test_slice_neg_steps`: `tensor.extract_slice %x[-1, 0, 0]
[20, 10, 5]`, out of bounds; mlir-opt then rejects the `memref.reinterpret_cast` with offset -50).
On the prepared model (static shapes), a Slice whose `starts`, `ends`, `axes` and `steps` are
constants and that has a negative step becomes a Slice of its positive-step axes (when it has
any) and, for each negative-step axis, a `Gather` of the constant indices ONNX's definition
takes there: `start` clamped to `[0, d - 1]`, `end` to `[-1, d - 1]` (negative ones counted from
the end first), then `start, start + step, ...` while above `end`. A Gather copies: exact for any
type. An axis that takes no element is left to torch-mlir.
"""

from __future__ import annotations

import numpy as np
import onnx

from xfuse.onnx.graph import NodeBuilder, initializer_arrays, rewrite_nodes, static_types


def gather_negative_steps(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain Slice that has a constant negative step
    rewritten as the module docstring says (a copy when there is one), and how many there were."""
    types, constants = static_types(model), initializer_arrays(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        data = types.get(node.input[0])
        starts, ends, axes, steps = (constants.get(name) for name in node.input[1:5])
        if data is None or starts is None or ends is None or steps is None or (axes is None and node.input[3]):
            return None  # an operand known at run time only: left to torch-mlir
        if not (steps < 0).any():
            return None
        shape = data[1]
        axes = [int(a) % len(shape) for a in (axes if axes is not None else range(len(starts)))]
        taken = {axis: _indices(int(start), int(end), int(step), shape[axis])
                 for axis, start, end, step in zip(axes, starts, ends, steps, strict=True) if step < 0}
        if any(len(indices) == 0 for indices in taken.values()):
            return None
        return _rewritten(node, NodeBuilder(graph, prefix), axes, starts, ends, steps, taken)

    return rewrite_nodes(model, _is_slice_with_steps, rewrite, "negative_steps")


def _is_slice_with_steps(node: onnx.NodeProto) -> bool:
    return node.op_type == "Slice" and node.domain in ("", "ai.onnx") and len(node.input) > 4 and bool(node.input[4])


def _indices(start: int, end: int, step: int, size: int) -> list[int]:
    """The indices a negative-step Slice takes along an axis of `size` (ONNX's clamping)."""
    start = min(max(start + size if start < 0 else start, 0), size - 1)
    end = min(max(end + size if end < 0 else end, -1), size - 1)
    return list(range(start, end, step))


def _rewritten(node: onnx.NodeProto, build: NodeBuilder, axes: list[int], starts: np.ndarray, ends: np.ndarray,
               steps: np.ndarray, taken: dict[int, list[int]]) -> list[onnx.NodeProto]:
    value = node.input[0]
    forward = [index for index, step in enumerate(steps) if step > 0]
    if forward:
        value = build.add("Slice", [value, *(build.constant(part, np.array([array[i] for i in forward], np.int64))
                                             for part, array in (("starts", starts), ("ends", ends),
                                                                 ("axes", axes), ("steps", steps)))], "forward")
    for axis, indices in taken.items():
        value = build.add("Gather", [value, build.constant(f"indices{axis}", np.array(indices, np.int64))],
                          f"gathered{axis}", axis=axis)
    return build.finish_as(node)
