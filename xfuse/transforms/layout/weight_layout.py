"""`xfuse.weight_layout`: the argument attribute saying a weight argument takes a permuted array.

`xfuse-nhwc` changes the type of a function argument that is a convolution filter (FCHW to HWCF,
CHW to HWC) instead of transposing it on every call. The argument then carries
`{xfuse.weight_layout = array<i64: ...>}`: the caller passes `numpy.transpose(weight, perm)`,
once, when it loads the weights (`xfuse.onnx`'s `Model` does; `permute_weights` is the numpy side).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, DictionaryAttr, ModuleOp, i64

WEIGHT_LAYOUT_ATTR = "xfuse.weight_layout"


def weight_layout(function: func.FuncOp, index: int) -> tuple[int, ...] | None:
    """The permutation argument `index` of `function` expects its array in, if any."""
    if function.arg_attrs is None:
        return None
    attr = function.arg_attrs.data[index].data.get(WEIGHT_LAYOUT_ATTR)
    return tuple(attr.get_values()) if isinstance(attr, DenseArrayBase) else None


def set_weight_layout(function: func.FuncOp, index: int, permutation: Sequence[int]) -> None:
    count = len(function.function_type.inputs.data)
    dicts = [dict(d.data) for d in function.arg_attrs.data] if function.arg_attrs else [{} for _ in range(count)]
    dicts[index][WEIGHT_LAYOUT_ATTR] = DenseArrayBase.from_list(i64, permutation)
    function.arg_attrs = ArrayAttr(DictionaryAttr(d) for d in dicts)


def weight_layouts(module: ModuleOp, entry: str) -> dict[int, tuple[int, ...]]:
    """Argument index -> permutation, for the function `entry` of `module`."""
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry:
            count = len(op.function_type.inputs.data)
            return {i: p for i in range(count) if (p := weight_layout(op, i)) is not None}
    return {}


def permute_weights(arrays: Mapping[str, np.ndarray], first_argument: int,
                    layouts: Mapping[int, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """`arrays` (the weights, passed from argument `first_argument` on, in order) with each
    one whose argument has a layout transposed into it (contiguous: the compiled code reads
    it densely)."""
    result: dict[str, np.ndarray] = {}
    for position, (name, array) in enumerate(arrays.items()):
        permutation = layouts.get(first_argument + position)
        result[name] = array if permutation is None else np.ascontiguousarray(np.transpose(array, permutation))
    return result
