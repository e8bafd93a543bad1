"""Signed integer `Div` and `Mod` that cannot kill the process.

x86's integer division traps (SIGFPE) on a zero divisor and on the one quotient that overflows,
the type's minimum divided by -1; torch-mlir lowers ONNX's integer Div and Mod to `divsi` /
`remsi`, so such a divisor at run time ended the Python process (onnxruntime dies the same way).
ONNX leaves those results undefined; its reference (numpy) gives 0 for a zero divisor and the
wrapped quotient (the minimum itself) for minimum / -1. On the prepared model, every default-domain
`Div` and `Mod` of int8/16/32/64 operands whose divisor is not a constant free of 0 and -1 gets:

    safe   = Where(d == 0 or d == -1, 1, d)
    Div:     Where(d == 0, 0, Where(d == -1, 0 - x, Div(x, safe)))    (0 - x wraps the minimum)
    Mod:     Where(d == 0 or d == -1, 0, Mod(x, safe))                 (x mod -1 is 0, both fmods)

so the hardware never divides by 0 or -1. A constant divisor without those values (the common
case: a division by a constant) is left as it is. Unsigned types: unsigned_division.py.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto

from xfuse.onnx.graph import NodeBuilder, initializer_arrays, rewrite_nodes, static_types

SIGNED = (TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64)


def guard_signed_divisions(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every signed integer Div and Mod whose divisor may be 0 or -1
    guarded as above, and how many there were."""
    types = static_types(model)
    constants = initializer_arrays(model)

    def selects(node: onnx.NodeProto) -> bool:
        if node.domain not in ("", "ai.onnx") or node.op_type not in ("Div", "Mod") or len(node.input) != 2:
            return False
        if types.get(node.input[0], (None,))[0] not in SIGNED:
            return False
        divisor = constants.get(node.input[1])
        return divisor is None or bool(np.any((divisor == 0) | (divisor == -1)))

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
        element = types[node.input[0]][0]
        dtype = onnx.helper.tensor_dtype_to_np_dtype(element)
        build = NodeBuilder(graph, prefix)
        constant, add = build.constant, build.add
        dividend, divisor = node.input
        zero, one = constant("zero", np.array(0, dtype)), constant("one", np.array(1, dtype))
        by_zero = add("Equal", [divisor, zero], "by_zero")
        by_minus_one = add("Equal", [divisor, constant("minus_one", np.array(-1, dtype))], "by_minus_one")
        trapping = add("Or", [by_zero, by_minus_one], "trapping")
        safe = add("Where", [trapping, one, divisor], "safe_divisor")
        result = add(node.op_type, [dividend, safe], f"safe_{node.op_type}")
        build.nodes[-1].attribute.extend(node.attribute)  # Mod's fmod
        if node.op_type == "Mod":
            add("Where", [trapping, zero, result], "guarded")
        else:
            negation = add("Sub", [zero, dividend], "negated")  # not Neg: integer_negation.py
            negated = add("Where", [by_minus_one, negation, result], "by_minus_one_or_not")
            add("Where", [by_zero, zero, negated], "guarded")
        return build.finish_as(node)

    return rewrite_nodes(model, selects, rewrite, "signed_division")
