"""Weights packed once, at load, not on every call:

- a `linalg.pack` of a weight argument becomes the argument itself, taking the packed array,
  which the caller makes once (`xfuse.weight_shape` then `xfuse.weight_layout`: a reshape and a
  permutation, xfuse/transforms/layout/weight_layout.py; xfuse.onnx's `Model` applies them when
  it loads the weights);
- a `linalg.pack` of an integer `arith.constant` (xfuse.onnx keeps integer initializers, the
  int8 weights of a quantized network among them, as constants) becomes the packed constant,
  folded here with numpy.

A pack without padding is exactly such a reshape and permutation: each tiled dim `d` of size
`S` splits into `(S / t, t)` (row-major), and the packed dims are the outer parts in
`outer_dims_perm` order followed by the inner tiles in `inner_dims_pos` order. Taken when the
source is an integer constant read by this pack only, or a weight argument (`{xfuse.weight}`) of a function no call reaches, read by this pack
only, static, with no layout of its own yet, and no tiled dim needs padding (a constant that
needs it is padded with numpy first: `FOLD_PADDED_CONSTANTS`).
"""

from __future__ import annotations

from xdsl.dialects import func
import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr, IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation
from xdsl.rewriter import Rewriter

from xfuse.dense_elements import is_compact_splat
from xfuse.dialects.linalg_pack import PackOp
from xfuse.transforms.layout.weight_layout import (
    retype_weight_argument,
    set_weight_shape,
    uncalled_functions,
    weight_layout,
    weight_shape,
)
from xfuse.transforms.layout.weight_transposes import is_weight


def pack_as_reshape_and_permutation(shape: list[int], inner_dims_pos: list[int], inner_tiles: list[int],
                                    outer_dims_perm: list[int]) -> tuple[list[int], list[int]] | None:
    """(reshaped shape, permutation) equal to packing an array of `shape`, or None when a tiled
    dim is not a multiple of its tile (the pack pads)."""
    tiles = dict(zip(inner_dims_pos, inner_tiles, strict=True))
    reshaped, outer_at, inner_at = [], {}, {}
    for dim, size in enumerate(shape):
        if dim in tiles:
            if size % tiles[dim]:
                return None
            outer_at[dim], inner_at[dim] = len(reshaped), len(reshaped) + 1
            reshaped += [size // tiles[dim], tiles[dim]]
        else:
            outer_at[dim] = len(reshaped)
            reshaped.append(size)
    perm = outer_dims_perm or list(range(len(shape)))
    return reshaped, [outer_at[d] for d in perm] + [inner_at[d] for d in inner_dims_pos]


def _packable_weight(pack: PackOp, functions: list[func.FuncOp]) -> tuple[func.FuncOp, BlockArgument] | None:
    source = pack.source
    if not isinstance(source, BlockArgument) or not source.has_one_use() or not isinstance(source.type, TensorType):
        return None
    function = next((f for f in functions if source.block is f.body.block), None)
    if function is None or not is_weight(function, source.index) or not source.type.has_static_shape():
        return None
    if weight_layout(function, source.index) is not None or weight_shape(function, source.index) is not None:
        return None
    return function, source


FOLD_PADDED_CONSTANTS = True
"""A pack of an integer constant that pads (a 2048 x 10 classifier's B in 16 x 4 tiles) is folded
too: the values padded with the pack's constant padding value first. False: only packs without
padding are folded; a padded one packs the constant on every call. Alone a tie on the int8 CNNs
(1.004, 0.997: a 27 x 16 filter); what `quantized_matmul.FOLD_CONSTANT_B` needs
(nineteenth session, docs/backend-measurements.md)."""


def _padding(pack: PackOp) -> int | None:
    """The pack's padding value when it is an integer constant (0 without one)."""
    if pack.padding_value is None:
        return 0
    owner = pack.padding_value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _padded_constant_plan(pack: PackOp) -> tuple[list[int], list[int], list[tuple[int, int]], int] | None:
    """(reshaped, permutation, numpy pad widths, padding value) folding a padded pack of a constant
    (FOLD_PADDED_CONSTANTS), else None."""
    if not FOLD_PADDED_CONSTANTS or not isinstance(pack.source.owner, arith.ConstantOp) or (value := _padding(pack)) is None:
        return None
    shape = list(pack.source.type.get_shape())
    tiles = dict(zip(pack.inner_dims_pos.get_values(), pack.static_inner_tiles.get_values(), strict=True))
    widths = [(0, -size % tiles[d]) if d in tiles else (0, 0) for d, size in enumerate(shape)]
    padded = [size + high for size, (_, high) in zip(shape, widths, strict=True)]
    outer = pack.outer_dims_perm
    plan = pack_as_reshape_and_permutation(padded, list(pack.inner_dims_pos.get_values()), list(tiles.values()),
                                           list(outer.get_values()) if outer is not None else [])
    return None if plan is None else (*plan, widths, value)


def _folded_constant(pack: PackOp, reshaped: list[int], permutation: list[int],
                     pad: tuple[list[tuple[int, int]], int] | None = None) -> arith.ConstantOp | None:
    """The packed constant of a pack whose source is an integer constant read by it only (padded
    first with `pad`: numpy pad widths and the value)."""
    constant = pack.source.owner
    if not isinstance(constant, arith.ConstantOp) or not pack.source.has_one_use():
        return None
    attr, type_ = constant.value, pack.results[0].type
    if not isinstance(attr, DenseIntOrFPElementsAttr) or is_compact_splat(attr):
        return None
    element = type_.get_element_type()
    if not isinstance(element, IntegerType) or element.width.data not in (8, 16, 32, 64):
        return None
    dtype = np.dtype(f"<i{element.width.data // 8}")
    values = np.frombuffer(attr.data.data, dtype).reshape(pack.source.type.get_shape())
    if pad is not None:
        values = np.pad(values, pad[0], constant_values=pad[1])
    values = values.reshape(reshaped).transpose(permutation)
    return arith.ConstantOp(DenseIntOrFPElementsAttr(type_, BytesAttr(np.ascontiguousarray(values).tobytes())))


def pack_weights_at_load(module: ModuleOp, packs: list[Operation] | None = None) -> int:
    """Make every qualifying pack of `module` (or of `packs`) its weight argument, packed at
    load, or its constant, packed here; returns how many."""
    functions = uncalled_functions(module)
    count = 0
    for op in packs if packs is not None else list(module.walk()):
        if not isinstance(op, PackOp) or op.parent is None:
            continue
        tiles = list(op.static_inner_tiles.get_values())
        if any(t < 0 for t in tiles) or not op.source.type.has_static_shape():  # dynamic
            continue
        outer = op.outer_dims_perm
        plan = pack_as_reshape_and_permutation(list(op.source.type.get_shape()), list(op.inner_dims_pos.get_values()),
                                               tiles, list(outer.get_values()) if outer is not None else [])
        if plan is None:
            padded = _padded_constant_plan(op)
            if padded is not None and (folded := _folded_constant(op, *padded[:2], padded[2:])) is not None:
                constant = op.source.owner
                Rewriter.replace_op(op, folded)
                Rewriter.erase_op(constant)
                count += 1
            continue
        reshaped, permutation = plan
        if (folded := _folded_constant(op, reshaped, permutation)) is not None:
            constant = op.source.owner
            Rewriter.replace_op(op, folded)
            Rewriter.erase_op(constant)
            count += 1
            continue
        if (found := _packable_weight(op, functions)) is None:
            continue
        function, weight = found
        packed = retype_weight_argument(function, weight, op.results[0].type, permutation)
        set_weight_shape(function, packed.index, reshaped)
        op.results[0].replace_all_uses_with(packed)
        Rewriter.erase_op(op)
        count += 1
    return count
