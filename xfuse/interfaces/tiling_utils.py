"""Helpers shared by the tiling models (`tiling_linalg.py`, `tiling_pack.py`): reading a
dimension, slicing a tensor, and describing indices in refusals.

They build IR at the builder's insertion point and fold what is static, as the index
arithmetic of `xfuse.interfaces.tiling` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import memref, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ShapedType, TensorType
from xdsl.dialects.utils import split_dynamic_index_list
from xdsl.ir import Operation, SSAValue

from xfuse.interfaces.tiling import (
    OpFoldResult,
    TilingRefused,
    constant_value,
    fold_constants,
    materialize_index,
)

__all__ = ["dim_size", "disagreeing_tiles", "extract_slice", "show_index"]


def dim_size(builder: Builder, value: SSAValue, dim: int) -> OpFoldResult:
    """Size of dimension `dim` of `value`: an int when static, else a `tensor.dim`/`memref.dim`
    inserted at the builder."""
    shaped = value.type
    assert isinstance(shaped, ShapedType)
    size = shaped.get_shape()[dim]
    if size != DYNAMIC_INDEX:
        return size
    index = materialize_index(builder, dim)
    dim_op = memref.DimOp(value, index) if isinstance(shaped, MemRefType) else tensor.DimOp(value, index)
    return builder.insert(dim_op).result


def extract_slice(
    builder: Builder,
    source: SSAValue,
    offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
) -> tensor.ExtractSliceOp:
    """A unit-stride `tensor.extract_slice` of `source` inserted at the builder. SSA values that
    are known constants become static offsets and sizes, so the slice type is as static as
    possible."""
    source_type = source.type
    assert isinstance(source_type, TensorType)
    folded_sizes = fold_constants(sizes)
    folded_offsets = fold_constants(offsets)
    result_type = tensor.ExtractSliceOp.infer_result_type(source_type, folded_sizes)
    return builder.insert(
        tensor.ExtractSliceOp(source, folded_offsets, folded_sizes, [1] * len(sizes), result_type)
    )


def insert_slice(
    source: SSAValue, dest: SSAValue, offsets: Sequence[OpFoldResult], sizes: Sequence[OpFoldResult]
) -> tensor.InsertSliceOp:
    """A unit-stride `tensor.insert_slice` of `source` into `dest` (not inserted: the caller
    places it). Known constants become static offsets and sizes."""
    static_offsets, dynamic_offsets = split_dynamic_index_list(fold_constants(offsets), DYNAMIC_INDEX)
    static_sizes, dynamic_sizes = split_dynamic_index_list(fold_constants(sizes), DYNAMIC_INDEX)
    return tensor.InsertSliceOp.get(
        source,
        dest,
        list(static_sizes),
        list(static_offsets),
        [1] * len(sizes),
        list(dynamic_offsets),
        list(dynamic_sizes),
    )


def show_index(value: OpFoldResult) -> str:
    """`value` for a refusal message: its constant, `%name` of an SSA value, or
    `<ssa value>` for an unnamed one."""
    constant = constant_value(value)
    if constant is not None:
        return str(constant)
    assert isinstance(value, SSAValue)
    return f"%{value.name_hint}" if value.name_hint else "<ssa value>"


def disagreeing_tiles(
    op: Operation,
    first_operand: int,
    other_operand: int,
    loop: int,
    first: tuple[OpFoldResult, OpFoldResult],
    other: tuple[OpFoldResult, OpFoldResult],
) -> TilingRefused:
    """The refusal of consumer fusion through several operands whose tiles map loop `loop` to
    different ranges: `first` and `other` are the (offset, size) each operand's tile gives it."""
    return TilingRefused(
        op,
        f"the tiles of operands #{first_operand} and #{other_operand} map loop d{loop} "
        f"to different (or not provably equal) ranges: offset {show_index(first[0])} "
        f"size {show_index(first[1])} vs offset {show_index(other[0])} size {show_index(other[1])}",
    )
