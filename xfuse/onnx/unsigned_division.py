"""`Div`, `Mod` and `Abs` of unsigned integers, written with signed ops torch-mlir lowers right.

torch-mlir keeps an unsigned ONNX tensor as a signless integer of its width and lowers Div, Mod
and Abs with signed arithmetic (`divsi`, `remsi`, `absi`): a value past the signed maximum
(200 as uint8) is read as negative, so `200 / 3` gave `-18` (wrong, without an error). On the
prepared model (element types known):

- `Div` and `Mod` of `uint8`, `uint16` or `uint32` operands become the same op on both operands
  `Cast` to `int64`, which holds every value (torch-mlir's Cast zero-extends them). All the
  operands are then non-negative, where signed division is unsigned division and `Mod`'s two
  meanings (`fmod` 0 and 1) agree; the quotient and the remainder fit the unsigned type.
  A zero divisor gives 0, as ONNX's reference (numpy) does, where the hardware's division
  would kill the process (SIGFPE; signed integer Div by zero still does, as in onnxruntime).
  torch-mlir has no lowering of a Cast to `uint16` or `uint32`, so the result is brought back
  byte by byte: `Gather` from the table `0 .. 255` of the unsigned type picks each byte, and
  `Mul` by 256 and `Add` (which wrap the same whether signed or not) put them together.
- `Abs` of any unsigned type is its operand (`Identity`).
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper

from xfuse.onnx.graph import NodeBuilder, rewrite_nodes, static_types

BYTES = {TensorProto.UINT8: 1, TensorProto.UINT16: 2, TensorProto.UINT32: 4}
"""Unsigned element types whose values int64 holds, and their size in bytes."""

UNSIGNED = {*BYTES, TensorProto.UINT64}


def widen_unsigned_divisions(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain Div and Mod of uint8/16/32 operands computed
    in int64 and every Abs of an unsigned operand made an Identity (a copy when
    there is one), and how many there were. The others stay: `support.check_support` refuses
    a uint64 Div or Mod by name."""
    types = static_types(model)

    def element_of(node: onnx.NodeProto) -> int | None:
        return types.get(node.input[0], (None,))[0]

    def selects(node: onnx.NodeProto) -> bool:
        return node.domain in ("", "ai.onnx") and node.op_type in ("Div", "Mod", "Abs")

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        element = element_of(node)
        if node.op_type == "Abs":
            return [helper.make_node("Identity", [node.input[0]], [node.output[0]], name=node.name)] \
                if element in UNSIGNED else None
        if element not in BYTES:
            return None
        return _in_int64(node, element, graph, prefix)

    return rewrite_nodes(model, selects, rewrite, "unsigned")


def _in_int64(node: onnx.NodeProto, element: int, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
    """`node` computed on its operands cast to int64, the result brought back byte by byte."""
    build = NodeBuilder(graph, prefix)
    constant, add = build.constant, build.add
    dividend, divisor = (add("Cast", [operand], f"wide{index}", to=TensorProto.INT64)
                         for index, operand in enumerate(node.input))
    zero, one = constant("zero", np.array(0, np.int64)), constant("one", np.array(1, np.int64))
    by_zero = add("Equal", [divisor, zero], "by_zero")
    quotient = add(node.op_type, [dividend, add("Where", [by_zero, one, divisor], "safe_divisor")],
                   f"wide_{node.op_type}")
    build.nodes[-1].attribute.extend(node.attribute)  # Mod's fmod
    wide = add("Where", [by_zero, zero, quotient], "wide")
    dtype = helper.tensor_dtype_to_np_dtype(element)
    table = constant("byte_values", np.arange(256, dtype=dtype))
    radix = constant("radix", np.array(256, np.int64))
    unsigned_radix = constant("unsigned_radix", np.array(256, dtype)) if BYTES[element] > 1 else None
    result = None
    for index in reversed(range(BYTES[element])):  # the most significant byte first
        shifted = add("Div", [wide, constant(f"place{index}", np.array(256 ** index, np.int64))], f"shifted{index}") \
            if index else wide
        byte = add("Gather", [table, add("Mod", [shifted, radix], f"byte_index{index}")], f"byte{index}")
        result = byte if result is None else add("Add", [add("Mul", [result, unsigned_radix], f"moved{index}"), byte],
                                                 f"bytes{index}")
    return build.finish_as(node)
