"""`BitShift` with ONNX's meaning for every shift, written with a shift torch-mlir lowers right.

ONNX (opset 28, onnx/reference/ops/op_bitshift.py) defines a shift `y < 0` or `y >=` the bit
width `w`: the result is what the sign fill alone gives, -1 for a right shift of a negative
signed `x`, else 0. torch-mlir lowers BitShift to LLVM's shifts, which are poison there (wrong
results: `test_bitshift_left_int32_shift_ge_width` gave `x` back). On the prepared model (element
types known) each BitShift whose shift is not a constant in `[0, w)` becomes, with
`in_range = And(y >= 0, y < w)`:

- a signed right shift: `BitShift(x, Where(in_range, y, w - 1))` (shifting by `w - 1` is the
  sign fill itself);
- the others: `Where(in_range, BitShift(x, Where(in_range, y, 0)), 0)`.

An unsigned `y` past the signed maximum is out of range whether it is compared as signed or
unsigned, so the comparisons are right under either reading.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, initializer_arrays, node_attributes, rewrite_nodes, static_types

SIGNED = {TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64}
UNSIGNED = {TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64}


def guard_bit_shifts(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain BitShift whose shift may leave `[0, w)`
    guarded as the module docstring says (a copy when there is one), and how many there were.
    A BitShift whose `x` has no known integer element type is an `OnnxError` naming it."""
    types, constants = static_types(model), initializer_arrays(model)

    def guarded(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        element = types.get(node.input[0], (None,))[0]
        if element not in SIGNED | UNSIGNED:
            raise OnnxError(f"{describe_node(node)}: the element type of '{node.input[0]}' is not a known integer "
                            "type; xfuse needs it to give shifts outside [0, bit width) ONNX's meaning")
        bits = 8 * np.dtype(helper.tensor_dtype_to_np_dtype(element)).itemsize
        shift = constants.get(node.input[1])
        if shift is not None and (shift.size == 0 or (shift.min() >= 0 and shift.max() < bits)):
            return None  # every shift in range: torch-mlir's lowering is right
        return _guarded(node, element, bits, graph, prefix)

    return rewrite_nodes(model, _is_bit_shift, guarded, "shift")


def _is_bit_shift(node: onnx.NodeProto) -> bool:
    return node.op_type == "BitShift" and node.domain in ("", "ai.onnx")


def _guarded(node: onnx.NodeProto, element: int, bits: int, graph: onnx.GraphProto,
             prefix: str) -> list[onnx.NodeProto]:
    dtype = helper.tensor_dtype_to_np_dtype(element)
    x, y, (z,) = node.input[0], node.input[1], node.output
    right = node_attributes(node).get("direction") == "RIGHT"

    def constant(part: str, value: int) -> str:
        graph.initializer.append(numpy_helper.from_array(np.array(value, dtype), f"{prefix}_{part}"))
        return f"{prefix}_{part}"

    zero, width = constant("zero", 0), constant("width", bits)
    not_negative, below_width, in_range, safe_shift = (f"{prefix}_{part}" for part in
                                                        ("not_negative", "below_width", "in_range", "safe_shift"))
    new = [helper.make_node("GreaterOrEqual", [y, zero], [not_negative], name=f"{prefix}_GreaterOrEqual"),
           helper.make_node("Less", [y, width], [below_width], name=f"{prefix}_Less"),
           helper.make_node("And", [not_negative, below_width], [in_range], name=f"{prefix}_And")]
    direction = {"direction": "RIGHT" if right else "LEFT"}
    if right and element in SIGNED:
        fill_shift = constant("fill_shift", bits - 1)
        return [*new, helper.make_node("Where", [in_range, y, fill_shift], [safe_shift], name=f"{prefix}_Where"),
                helper.make_node("BitShift", [x, safe_shift], [z], name=node.name, **direction)]
    shifted = f"{prefix}_shifted"
    return [*new, helper.make_node("Where", [in_range, y, zero], [safe_shift], name=f"{prefix}_Where"),
            helper.make_node("BitShift", [x, safe_shift], [shifted], name=f"{prefix}_BitShift", **direction),
            helper.make_node("Where", [in_range, shifted, zero], [z], name=node.name or f"{prefix}_Where_out")]
