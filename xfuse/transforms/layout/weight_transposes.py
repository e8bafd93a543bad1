"""Transposes of weight arguments folded into the arguments' layout.

torch-mlir lowers ONNX's `Gemm` with `transB = 1` (every fully connected layer of the light
models) and `MatMul` of a transposed initializer to a `linalg.transpose` of the weight followed by
a `linalg.matmul`: on every call the whole weight is transposed, with strided reads (ResNet-50's
FC layer: 10 ms of a 130 ms call; VGG-19's first one reads 400 MB). A weight is constant, so the
transpose belongs to load time: the argument takes the transposed array
(`xfuse.weight_layout`, as `xfuse-nhwc` does for convolution filters) and the transpose goes.

Only arguments marked `{xfuse.weight}` qualify (xfuse.onnx's importer marks the externalized
weights): the pass cannot tell a weight from an input the caller passes unchanged on every call.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import Rewriter

from xfuse.transforms.layout.weight_layout import retype_weight_argument, set_weight_shape, weight_layout, weight_shape

WEIGHT_ATTR = "xfuse.weight"
"""The unit argument attribute naming a weight: constant across calls, so its layout is the
compiler's to choose (the caller permutes it once, as `xfuse.weight_layout` says)."""


def is_weight(function: func.FuncOp, index: int) -> bool:
    return function.arg_attrs is not None and WEIGHT_ATTR in function.arg_attrs.data[index].data


def _transpose_permutation(value: SSAValue) -> tuple[int, ...] | None:
    """The permutation every use of `value` transposes it by, when every use is a
    `linalg.transpose` of it and they agree."""
    permutations = set()
    for use in value.uses:
        op = use.operation
        if op.name != "linalg.transpose" or use.index != 0:
            return None
        permutations.add(tuple(op.permutation.get_values()))
    return permutations.pop() if len(permutations) == 1 else None


def _collapsed_then_transposed(argument: BlockArgument) -> tuple[Operation, tuple[int, ...]] | None:
    """The `tensor.collapse_shape` that is the only use of `argument`, and the permutation every
    use of its result transposes it by (ONNX `Gemm` weights stored with leading unit dimensions,
    as Inception-v1's 1x1x1000x1024 classifier, reach their transpose through a collapse)."""
    uses = list(argument.uses)
    if len(uses) != 1 or uses[0].operation.name != "tensor.collapse_shape":
        return None
    collapse = uses[0].operation
    permutation = _transpose_permutation(collapse.results[0])
    return (collapse, permutation) if permutation is not None else None


def fold_weight_transposes(function: func.FuncOp) -> list[int]:
    """Fold the transposes of `function`'s weight arguments (directly, or through one
    `tensor.collapse_shape`, which becomes the argument's `xfuse.weight_shape`) into their types;
    the indices of the arguments changed. An argument that already has a layout, or that something
    else reads too, is left as it is."""
    folded = []
    if not function.body.blocks:
        return folded
    for argument in list(function.body.block.args):
        index = argument.index
        if not isinstance(argument.type, TensorType) or not is_weight(function, index) or \
                weight_layout(function, index) is not None or weight_shape(function, index) is not None:
            continue
        collapse = None
        permutation = _transpose_permutation(argument)
        if permutation is None and (collapsed := _collapsed_then_transposed(argument)) is not None:
            collapse, permutation = collapsed
        if permutation is None:
            continue
        transposed = collapse.results[0] if collapse is not None else argument
        transposes = [use.operation for use in transposed.uses]
        new_type = transposes[0].results[0].type
        if collapse is not None:
            set_weight_shape(function, index, collapse.results[0].type.get_shape())
        argument = retype_weight_argument(function, argument, new_type, permutation)
        for transpose in transposes:
            transpose.results[0].replace_all_uses_with(argument)
            init = transpose.operands[1].owner
            Rewriter.erase_op(transpose)
            if getattr(init, "name", None) == "tensor.empty" and not init.results[0].uses:
                Rewriter.erase_op(init)
        if collapse is not None:
            Rewriter.erase_op(collapse)
        folded.append(index)
    return folded
