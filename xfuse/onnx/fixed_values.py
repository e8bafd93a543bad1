"""Graph inputs whose values are fixed at load, as `input_shapes` fixes dynamic dimensions.

xfuse compiles static shapes, and torch-mlir lowers Slice, Reshape, Resize and the like only
when the operands that decide the result's shape (or the op's structure) are constants. When a
model takes such an operand as a graph input (ONNX's conformance cases do, so do some exported
graphs), the caller fixes its value at load (`load(..., input_values={"starts": ...})`): the input
becomes an initializer before preparation, so onnxruntime's folding and torch-mlir see a constant,
and the compiled function no longer takes it. The `Model` still accepts it in a call and checks
that it equals the fixed value (`check_fixed_value`): a compiled model never runs on a value it
was not compiled for.

`SHAPE_OPERANDS` is the table of the operands that decide a shape or structure, by op and input
index; the conformance runner fixes the graph inputs found there (`shape_deciding_inputs`) and no
others: Gather's indices or Add's operands are data and stay run-time inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import runtime_inputs

SHAPE_OPERANDS: dict[str, tuple[int, ...]] = {
    "Slice": (1, 2, 3, 4),  # starts, ends, axes, steps
    "Split": (1,),  # split
    "TopK": (1,),  # k
    "Pad": (1, 3),  # pads, axes (constant_value, input 2, is data)
    "Resize": (1, 2, 3),  # roi (its coordinates), scales, sizes
    "Upsample": (1,),  # scales
    "Expand": (1,),  # shape
    "Tile": (1,),  # repeats
    "Reshape": (1,),  # shape
    "Unsqueeze": (1,),  # axes
    "Squeeze": (1,),  # axes
    "CumSum": (1,), "CumProd": (1,),  # axis
    "Range": (0, 1, 2),  # start, limit, delta: the length of the result
    "ConstantOfShape": (0,),  # shape
    "OneHot": (1,),  # depth (indices, input 0, and values, input 2, are data)
    "CenterCropPad": (1,),  # shape
    "ReduceSum": (1,), "ReduceMean": (1,), "ReduceMax": (1,), "ReduceMin": (1,), "ReduceProd": (1,),
    "ReduceL1": (1,), "ReduceL2": (1,), "ReduceLogSum": (1,), "ReduceLogSumExp": (1,),
    "ReduceSumSquare": (1,),  # axes
    "Col2Im": (1, 2),  # image_shape, block_shape
    "Dropout": (1, 2),  # ratio, training_mode: whether it drops at all
    "Compress": (1,),  # condition: which elements, and how many
    "AffineGrid": (1,),  # size
}
"""Default-domain op -> the input indices whose value decides the result's shape or the op's
structure (which elements it reads), not a value it computes with."""

FIXABLE_KINDS = "iufb"
"""Element kinds an operand of `SHAPE_OPERANDS` may have to be fixed: integers, the floats
of Resize's and Upsample's scales and roi, of Range's bounds and of Dropout's ratio, and
Dropout's boolean training_mode and Compress's condition."""


def shape_deciding_inputs(model: onnx.ModelProto) -> list[str]:
    """The graph inputs (in declaration order) that some default-domain node reads at an operand
    position of `SHAPE_OPERANDS`, and whose element type is an integer or a float."""
    positions = {node.input[index] for node in model.graph.node if node.domain in ("", "ai.onnx")
                 for index in SHAPE_OPERANDS.get(node.op_type, ()) if index < len(node.input) and node.input[index]}
    found = []
    for value in runtime_inputs(model):
        if value.name in positions and value.type.HasField("tensor_type"):
            dtype = helper.tensor_dtype_to_np_dtype(value.type.tensor_type.elem_type)
            if dtype.kind in FIXABLE_KINDS:
                found.append(value.name)
    return found


def fix_input_values(model: onnx.ModelProto,
                     input_values: Mapping[str, Any]) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    """A copy of `model` in which each input named in `input_values` is an initializer of that
    value and no longer a graph input (IR version 3 models, whose initializers are declared as
    inputs, keep the declaration, made static). An unknown name, or a value whose dtype or shape
    the model's declaration contradicts, is an `OnnxError` naming the input. Also the values,
    checked, as arrays (what a call is compared with)."""
    inputs = {value.name: value for value in runtime_inputs(model)}
    arrays = {}
    for name, value in input_values.items():
        if name not in inputs:
            raise OnnxError(f"input_values names '{name}', which is not an input of the model "
                            f"(inputs: {', '.join(repr(n) for n in inputs) or 'none'})")
        arrays[name] = declared_array(inputs[name], value)
    if not arrays:
        return model, arrays
    fixed = onnx.ModelProto()
    fixed.CopyFrom(model)
    fixed.graph.initializer.extend(numpy_helper.from_array(array, name) for name, array in arrays.items())
    kept = []
    for value in fixed.graph.input:
        if value.name in arrays:
            if fixed.ir_version >= 4:
                continue
            elem_type = value.type.tensor_type.elem_type
            value.type.CopyFrom(helper.make_tensor_type_proto(elem_type, arrays[value.name].shape))
        kept.append(value)
    del fixed.graph.input[:]
    fixed.graph.input.extend(kept)
    return fixed, arrays


def declared_array(declaration: onnx.ValueInfoProto, value: Any) -> np.ndarray:
    """`value` as an array, checked against the input's declared element type and its known
    dimensions (an `OnnxError` naming the input when either differs)."""
    name = declaration.name
    if not declaration.type.HasField("tensor_type"):
        raise OnnxError(f"input '{name}': only tensor inputs can have a fixed value")
    tensor_type = declaration.type.tensor_type
    dtype = helper.tensor_dtype_to_np_dtype(tensor_type.elem_type)
    array = np.asarray(value)
    if array.dtype != dtype:
        raise OnnxError(f"input_values['{name}'] has dtype {array.dtype.name}, the model declares {dtype.name} "
                        f"(convert it with .astype(np.{dtype.name}))")
    if tensor_type.HasField("shape"):
        dims = tensor_type.shape.dim
        declared = ",".join(str(d.dim_value) if d.HasField("dim_value") else (d.dim_param or "?") for d in dims)
        if len(dims) != array.ndim or any(d.HasField("dim_value") and d.dim_value != size
                                          for d, size in zip(dims, array.shape)):
            raise OnnxError(f"input_values['{name}'] has shape {array.shape}, the model declares ({declared})")
    return np.array(array, copy=True)


def check_fixed_value(name: str, fixed: np.ndarray, given: Any) -> None:
    """An `OnnxError` naming the input and both values unless `given` equals the value `name` was
    fixed to at load (same dtype, shape and elements; NaN equals NaN)."""
    array = np.asarray(given)
    same = (array.dtype == fixed.dtype and array.shape == fixed.shape
            and np.array_equal(array, fixed, equal_nan=fixed.dtype.kind == "f"))
    if not same:
        raise OnnxError(f"input '{name}' was fixed at load to {_describe(fixed)}; the call passes "
                        f"{_describe(array)} (load the model again with this value in input_values)")


def _describe(array: np.ndarray) -> str:
    values = np.array2string(array.reshape(-1)[:16], separator=", ", threshold=16)
    more = ", ..." if array.size > 16 else ""
    return f"{array.dtype.name}{list(array.shape)} {values[:-1]}{more}]"
