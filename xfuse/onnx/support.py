"""What xfuse can import and run correctly, checked before any code is built.

torch-mlir lowers many ops, but not all of its lowerings are right for every attribute and
element type: some return wrong values without any error (found by ONNX's conformance cases,
`xfuse-onnx-conformance`), some abort the process. `check_support(model)` refuses those nodes
with an `OnnxError` naming each node, its op and why, on the prepared model (types inferred),
before torch-mlir sees it. Whatever it lets through may still be refused by torch-mlir (an op
it has no lowering for), cleanly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, initializer_arrays, runtime_inputs, subgraphs

CALL_TYPES = {TensorProto.FLOAT: "float32", TensorProto.DOUBLE: "float64", TensorProto.FLOAT16: "float16",
              TensorProto.INT8: "int8", TensorProto.INT16: "int16", TensorProto.INT32: "int32",
              TensorProto.INT64: "int64", TensorProto.BOOL: "bool", TensorProto.UINT8: "uint8",
              TensorProto.UINT16: "uint16", TensorProto.UINT32: "uint32", TensorProto.UINT64: "uint64"}
"""Element types of the model's inputs and outputs: the arrays the backend's calls pass (bools as
bytes, xfuse/backends/lowering_fixes/bool_bytes.py; unsigned integers as the signless integers of their width,
`Model` views them back as the ONNX dtype)."""

VALUE_TYPES = set(CALL_TYPES) | {TensorProto.BFLOAT16}
"""Element types of the values inside the model. The others (4-bit and 8-bit floats, 4-bit and
2-bit integers, strings, complex numbers) make torch-mlir abort or lower wrongly."""

UNSIGNED = {TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64}

MAX_LISTED = 8
"""Refused nodes the error lists (and how many more there are)."""


def check_support(model: onnx.ModelProto) -> None:
    """An `OnnxError` listing every node (and input or output) of the prepared `model` that
    xfuse does not handle, and why; nothing when it handles them all."""
    problems = _interface_problems(model)
    values = _values(model)
    constants = initializer_arrays(model)
    # bodies too (Loop, If, Scan): what torch-mlir gets wrong at the top level it gets wrong there
    for node in (node for graph in [model.graph, *subgraphs(model.graph)] for node in graph.node):
        if why := _node_problem(node, values, constants):
            problems.append(f"{describe_node(node)}: {why}")
    if problems:
        listed = problems[:MAX_LISTED]
        if len(problems) > MAX_LISTED:
            listed.append(f"... and {len(problems) - MAX_LISTED} more")
        raise OnnxError("the model uses what xfuse does not support:\n  " + "\n  ".join(listed))


def _interface_problems(model: onnx.ModelProto) -> list[str]:
    problems = []
    supported = ", ".join(CALL_TYPES.values())
    for kind, values in (("input", runtime_inputs(model)), ("output", model.graph.output)):
        for value in values:
            if not value.type.HasField("tensor_type"):
                continue  # sequences, maps, optionals: torch-mlir's importer says so
            element = value.type.tensor_type.elem_type
            if element not in CALL_TYPES:
                problems.append(f"{kind} '{value.name}' has element type {_type_name(element)}; the arrays of "
                                f"xfuse's calls are {supported}")
    return problems


Values = dict[str, tuple[int, "tuple[int, ...] | None"]]
"""Value name -> its element type and static shape (None when not known)."""


def _values(model: onnx.ModelProto) -> Values:
    graph = model.graph
    values: Values = {init.name: (init.data_type, tuple(init.dims)) for init in graph.initializer}
    declared = [value for inner in [graph, *subgraphs(graph)] for value in [*inner.input, *inner.value_info,
                                                                            *inner.output]]
    for value in declared:
        if value.type.HasField("tensor_type"):
            tensor = value.type.tensor_type
            dims = tensor.shape.dim if tensor.HasField("shape") else None
            static = None if dims is None or any(not d.HasField("dim_value") for d in dims) else \
                tuple(d.dim_value for d in dims)
            values[value.name] = (tensor.elem_type, static)
    return values


def _type_name(element: int) -> str:
    return TensorProto.DataType.Name(element)


def _node_problem(node: onnx.NodeProto, values: Values, constants: dict[str, np.ndarray]) -> str | None:
    for name in [*node.input, *node.output]:
        element = values.get(name, (None,))[0]
        if name and element is not None and element not in VALUE_TYPES:
            return (f"value '{name}' has element type {_type_name(element)}, which xfuse does not handle "
                    "(4-bit, 2-bit and 8-bit float types, strings, complex)")
    if node.domain not in ("", "ai.onnx"):
        return None
    rule = NODE_RULES.get(node.op_type)
    return rule(node, values, constants) if rule else None


def _attribute(node: onnx.NodeProto, name: str, default: Any = None) -> Any:
    for attribute in node.attribute:
        if attribute.name == name:
            value = onnx.helper.get_attribute_value(attribute)
            return value.decode() if isinstance(value, bytes) else value
    return default


def _input(node: onnx.NodeProto, index: int) -> str:
    return node.input[index] if len(node.input) > index else ""


# Node rules: each returns why the node is refused, or None --------------------------------

Rule = Callable[[onnx.NodeProto, Values, dict[str, np.ndarray]], "str | None"]

def _signed_on_unsigned(node, values, constants):
    element = values.get(_input(node, 0), (None,))[0]
    if element in UNSIGNED:
        return (f"{_type_name(element)} operands: torch-mlir's lowering of {node.op_type} treats them as signed "
                "(divsi / remsi / absi: wrong results for values past the signed maximum)")
    return None


def _wide_integer_negation(node, values, constants):
    element = values.get(_input(node, 0), (None,))[0]
    if element in (TensorProto.INT16, TensorProto.INT32, TensorProto.INT64):
        return (f"{_type_name(element)} operand in a subgraph: torch-mlir's lowering of Neg goes through "
                "float32 (wrong past 2^24); at the top level it becomes 0 - x (integer_negation.py)")
    return None


def _per_axis_unsigned_zero_point(node, values, constants):
    zero_point = _input(node, 2)
    element, shape = values.get(zero_point, (None, None))
    if element not in UNSIGNED or shape == () or (shape is not None and all(d == 1 for d in shape)):
        return None
    constant = constants.get(zero_point)
    if constant is not None and int(constant.max(initial=0)) < 2 ** (8 * np.dtype(onnx.helper.tensor_dtype_to_np_dtype(element)).itemsize - 1):
        return None
    return (f"a per-axis {_type_name(element)} zero point: torch-mlir's lowering reads it as signed "
            "(wrong results for zero points past the signed maximum)")


def _grid_sample(node, values, constants):
    """What `grid_sample.py` left (volumetric inputs; cubic with border padding)."""
    if _attribute(node, "mode", "linear") in ("cubic", "bicubic") and _attribute(node, "padding_mode") == "border":
        return ("mode 'cubic' with padding_mode 'border': onnxruntime and ONNX's reference disagree near the "
                "border, and xfuse has no lowering that matches both")
    if _attribute(node, "mode", "linear") == "nearest":
        return "mode 'nearest': torch-mlir's lowering rounds halfway cases differently from ONNX (wrong results)"
    if _attribute(node, "padding_mode", "zeros") == "zeros":
        return ("padding_mode 'zeros': torch-mlir's lowering reads outside the input for points outside it "
                "(garbage results)")
    return None


def _resize(node, values, constants):
    if _attribute(node, "coordinate_transformation_mode", "half_pixel") != "align_corners":
        return None
    in_shape, out_shape = values.get(node.input[0], (0, None))[1], values.get(node.output[0], (0, None))[1]
    if in_shape is None or out_shape is None or any(o < i for i, o in zip(in_shape, out_shape, strict=False)):
        return "align_corners when downsampling: torch-mlir's lowering is wrong there"
    return None


def _affine_grid(node, values, constants):
    """What `affine_grid.py` left: a run-time `size` (torch-mlir refuses it), or this."""
    size = constants.get(_input(node, 1))
    if _attribute(node, "align_corners", 0) and size is not None and 1 in size.reshape(-1)[2:]:
        return ("align_corners with a spatial size of 1: ONNX's reference puts the point at -1, onnxruntime "
                "(as PyTorch) at 0")
    return None


def _reshape(node, values, constants):
    if not _attribute(node, "allowzero", 0):
        return None
    shape = constants.get(_input(node, 1))
    if shape is None or (shape == 0).any():
        return "allowzero=1 with a zero (or an unknown) size in the shape: torch-mlir's lowering aborts"
    return None


def _pad(node, values, constants):
    if _attribute(node, "mode", "constant") == "wrap":
        return "mode 'wrap': torch-mlir's lowering does not terminate (with constant pads)"
    return None


def _einsum(node, values, constants):
    equation = str(_attribute(node, "equation", "")).replace(" ", "")
    if "->" in equation and not equation.split("->")[1]:
        return "a scalar result: torch-mlir's lowering aborts"
    return None


def _max_pool(node, values, constants):
    """`max_pool_indices.py` flattens the indices; those of an unevenly padded input it cannot."""
    if len(node.output) < 2 or not node.output[1]:
        return None
    pads = list(_attribute(node, "pads", []))
    half = len(pads) // 2
    if _attribute(node, "auto_pad", "NOTSET") in ("SAME_UPPER", "SAME_LOWER") or pads[:half] != pads[half:]:
        return ("its Indices output with padding that differs at the two ends of an axis (or auto_pad SAME): "
                "torch-mlir's lowering counts them in the padded input (wrong results)")
    return None


def _always(reason: str) -> Rule:
    return lambda node, values, constants: reason


NODE_RULES: dict[str, Rule] = {
    "Abs": _signed_on_unsigned,
    "AffineGrid": _affine_grid,
    "Det": _always("torch-mlir's lowering handles only matrices that need no pivoting, and aborts the "
                   "process on the others"),
    "Div": _signed_on_unsigned,
    "DequantizeLinear": _per_axis_unsigned_zero_point,
    "DynamicQuantizeLinear": _always("torch-mlir's lowering returns wrong values (and a signed zero point)"),
    "Einsum": _einsum,
    "GridSample": _grid_sample,
    "MaxPool": _max_pool,
    "Mod": _signed_on_unsigned,
    "Neg": _wide_integer_negation,
    "Pad": _pad,
    "QuantizeLinear": _per_axis_unsigned_zero_point,
    "Reshape": _reshape,
    "Resize": _resize,
}
"""Default-domain ops with a rule; every other op goes to torch-mlir as it is."""
