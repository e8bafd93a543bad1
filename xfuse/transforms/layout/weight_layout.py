"""`xfuse.weight_layout`: the argument attribute saying a weight argument takes a permuted array.

`xfuse-nhwc` changes the type of a function argument that is a convolution filter (FCHW to HWCF,
CHW to HWC) instead of transposing it on every call. The argument then carries
`{xfuse.weight_layout = array<i64: ...>}`: the caller passes `numpy.transpose(weight, perm)`,
once, when it loads the weights (`xfuse.onnx`'s `Model` does; `permute_weights` is the numpy side).
An argument marked `{xfuse.input}` is passed on every call as the caller has it (xfuse.onnx's
run-time inputs, a filter among them): its type stays, and a pass transposes it in the function.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, DictionaryAttr, FunctionType, ModuleOp, StringAttr, i64
from xdsl.ir import Attribute, BlockArgument
from xdsl.rewriter import Rewriter

WEIGHT_LAYOUT_ATTR = "xfuse.weight_layout"
INPUT_ATTR = "xfuse.input"
"""The unit argument attribute naming a run-time input: the caller passes its array unchanged
on every call, so no pass may change the argument's type or layout."""
WEIGHT_SHAPE_ATTR = "xfuse.weight_shape"
"""With a layout: the shape the weight is reshaped to (row-major) before the permutation
(`xfuse-block-filters` splits the output channels into blocks)."""
WEIGHT_TRANSFORM_ATTR = "xfuse.weight_transform"
"""With a layout: the name of a numpy transform applied after the permutation (`WEIGHT_TRANSFORMS`:
`xfuse-winograd`'s filter transform)."""


def weight_layout(function: func.FuncOp, index: int) -> tuple[int, ...] | None:
    """The permutation argument `index` of `function` expects its array in, if any."""
    if function.arg_attrs is None:
        return None
    attr = function.arg_attrs.data[index].data.get(WEIGHT_LAYOUT_ATTR)
    return tuple(attr.get_values()) if isinstance(attr, DenseArrayBase) else None


def is_input(function: func.FuncOp, index: int) -> bool:
    """Whether argument `index` of `function` is marked `{xfuse.input}` (keeps its type)."""
    return function.arg_attrs is not None and INPUT_ATTR in function.arg_attrs.data[index].data


def weight_shape(function: func.FuncOp, index: int) -> tuple[int, ...] | None:
    """The shape argument `index` of `function` reshapes its weight to before the layout, if any."""
    if function.arg_attrs is None:
        return None
    attr = function.arg_attrs.data[index].data.get(WEIGHT_SHAPE_ATTR)
    return tuple(attr.get_values()) if isinstance(attr, DenseArrayBase) else None


def set_weight_shape(function: func.FuncOp, index: int, shape: Sequence[int]) -> None:
    set_weight_attr(function, index, WEIGHT_SHAPE_ATTR, DenseArrayBase.from_list(i64, shape))


def set_weight_attr(function: func.FuncOp, index: int, name: str, value: Attribute) -> None:
    """Argument `index`'s attribute `name` set to `value`. Only that argument's dictionary is
    rebuilt: rebuilding all of them made `xfuse-nhwc` quadratic in the arguments (DenseNet-121's
    191 weight layouts over 555 arguments: 106,000 dictionaries, 2-3 s of its load)."""
    count = len(function.function_type.inputs.data)
    dicts = list(function.arg_attrs.data) if function.arg_attrs else [DictionaryAttr({})] * count
    dicts[index] = DictionaryAttr({**dicts[index].data, name: value})
    function.arg_attrs = ArrayAttr(dicts)


def set_weight_layout(function: func.FuncOp, index: int, permutation: Sequence[int]) -> None:
    set_weight_attr(function, index, WEIGHT_LAYOUT_ATTR, DenseArrayBase.from_list(i64, permutation))


def retype_weight_argument(function: func.FuncOp, argument: BlockArgument, new_type: Attribute,
                           permutation: Sequence[int]) -> BlockArgument:
    """`argument` of `function` with `new_type` (the signature too) and the layout `permutation`
    recorded; the new argument."""
    index = argument.index
    argument = Rewriter.replace_value_with_new_type(argument, new_type)
    inputs = list(function.function_type.inputs.data)
    inputs[index] = new_type
    function.function_type = FunctionType.from_lists(inputs, list(function.function_type.outputs.data))
    set_weight_layout(function, index, permutation)
    return argument


def uncalled_functions(module: ModuleOp) -> list[func.FuncOp]:
    """The functions of `module` with a body that no call in it reaches: the layout passes may
    change their signatures (a weight argument's type and layout)."""
    called = {op.callee.root_reference.data for op in module.walk() if op.name == "func.call"}
    return [op for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks
            and op.sym_name.data not in called]


def weight_shapes(module: ModuleOp, entry: str) -> dict[int, tuple[int, ...]]:
    """Argument index -> the shape its weight is reshaped to before the permutation."""
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry:
            count = len(op.function_type.inputs.data)
            return {i: s for i in range(count) if (s := weight_shape(op, i)) is not None}
    return {}


def weight_transforms(module: ModuleOp, entry: str) -> dict[int, str]:
    """Argument index -> the name of the transform its weight takes after the permutation."""
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry and op.arg_attrs is not None:
            return {i: attr.data for i, d in enumerate(op.arg_attrs.data)
                    if isinstance(attr := d.data.get(WEIGHT_TRANSFORM_ATTR), StringAttr)}
    return {}


PADDED_BLOCKS = "xfuse.padded_blocks_"
"""The weight transform `PADDED_BLOCKS<B>`: an HWCF filter padded with zero output channels to a
multiple of `B` and laid out `F/B x KH x KW x IC x B` (`xfuse-block-filters`' padded blocks)."""


def padded_blocks_transform(size: int) -> str:
    return f"{PADDED_BLOCKS}{size}"


def padded_blocks(array: np.ndarray, size: int) -> np.ndarray:
    """`array` (HWCF) padded with zero filters to a multiple of `size` and blocked (`PADDED_BLOCKS`)."""
    kh, kw, ic, features = array.shape
    padded = -(-features // size) * size
    array = np.pad(array, [(0, 0)] * 3 + [(0, padded - features)])
    return np.ascontiguousarray(array.reshape(kh, kw, ic, padded // size, size).transpose(3, 0, 1, 2, 4))


def _transform(name: str, array: np.ndarray) -> np.ndarray:
    """The weight transform `name` of `array` (in its permuted layout)."""
    from xfuse.transforms.winograd.matrices import apply_transform

    if name.startswith(PADDED_BLOCKS) and name[len(PADDED_BLOCKS):].isdigit():
        return padded_blocks(array, int(name[len(PADDED_BLOCKS):]))
    return apply_transform(name, array)


def weight_layouts(module: ModuleOp, entry: str) -> dict[int, tuple[int, ...]]:
    """Argument index -> permutation, for the function `entry` of `module`."""
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry:
            count = len(op.function_type.inputs.data)
            return {i: p for i in range(count) if (p := weight_layout(op, i)) is not None}
    return {}


def permute_weights(arrays: Mapping[str, np.ndarray], first_argument: int,
                    layouts: Mapping[int, tuple[int, ...]],
                    shapes: Mapping[int, tuple[int, ...]] | None = None,
                    transforms: Mapping[int, str] | None = None) -> dict[str, np.ndarray]:
    """`arrays` (the weights, passed from argument `first_argument` on, in order) with each
    one whose argument has a layout transposed into it, after reshaping it when `shapes` gives a
    shape (contiguous: the compiled code reads it densely), then transformed when `transforms`
    names a transform (`_transform`)."""
    result: dict[str, np.ndarray] = {}
    for position, (name, array) in enumerate(arrays.items()):
        permutation = layouts.get(first_argument + position)
        shape = (shapes or {}).get(first_argument + position)
        if shape is not None:
            array = array.reshape(shape)
        result[name] = array if permutation is None else np.ascontiguousarray(np.transpose(array, permutation))
        if (transform := (transforms or {}).get(first_argument + position)) is not None:
            result[name] = _transform(transform, result[name])
    return result
