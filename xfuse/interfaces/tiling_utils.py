"""Helpers shared by the tiling models (`tiling_linalg.py`, `tiling_pack.py`): reading a
dimension, slicing a tensor, and describing indices in refusals.

They build IR at the builder's insertion point and fold what is static, as the index
arithmetic of `xfuse.interfaces.tiling` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import affine, memref, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ShapedType, TensorType
from xdsl.dialects.utils import split_dynamic_index_list
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

from xfuse.dialects.affine import MaxOp
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


def show_index(value: OpFoldResult, _depth: int = 0) -> str:
    """`value` as the user would write it, for a refusal or a remark: its constant, `%name` of a
    named SSA value, the expression of an unnamed `affine.apply` / `affine.min` / `arith`
    index op over its operands (`%i * 4 + 2`, `min(5, -%i + 13)`, `max(0, ...)`), the induction variable of a
    loop by its position (`iv #0 of the scf.for at f.mlir:3:5`); `<ssa value>` past a depth."""
    constant = constant_value(value)
    if constant is not None:
        return str(constant)
    assert isinstance(value, SSAValue)
    if value.name_hint:
        return f"%{value.name_hint}"
    if _depth > 4:
        return "<ssa value>"
    if isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        if loop is not None and loop.name in ("scf.for", "scf.forall"):
            from xfuse.diagnostics import location_of

            return f"(iv #{value.index} of the {loop.name} at {location_of(loop)})"
        return "<ssa value>"
    owner = value.owner
    operands = [show_index(o, _depth + 1) for o in owner.operands]
    if isinstance(owner, affine.ApplyOp | affine.MinOp | MaxOp):
        affine_map = owner.map.data
        names = operands[: affine_map.num_dims], operands[affine_map.num_dims :]
        results = [_show_affine(r, *names) for r in affine_map.results]
        if isinstance(owner, affine.ApplyOp) and len(results) == 1:
            return results[0]
        return f"{'max' if isinstance(owner, MaxOp) else 'min'}({', '.join(results)})"
    symbol = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*", "arith.ceildivsi": "ceildiv"}.get(owner.name)
    if symbol is not None:
        return f"{_wrap(operands[0])} {symbol} {_wrap(operands[1])}"
    return "<ssa value>"


def _wrap(text: str) -> str:
    """`text` in parentheses unless it is one term: no space, or one call / parenthesized group
    spanning the whole text (`min(...)`, `(a + b)`, but not `(a) ceildiv b`)."""
    if " " not in text:
        return text
    head = 3 if text.startswith(("min(", "max(")) else 0
    if text[head:].startswith("("):
        depth = 0
        for position, char in enumerate(text[head:], start=head):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0:
                if position == len(text) - 1:
                    return text
                break
    return f"({text})"


def _negated(expr: AffineExpr) -> AffineExpr | None:
    """`e` when `expr` is `-e` (a negative constant, or a product by a negative constant)."""
    if isinstance(expr, AffineConstantExpr) and expr.value < 0:
        return AffineConstantExpr(-expr.value)
    if (
        isinstance(expr, AffineBinaryOpExpr)
        and expr.kind == AffineBinaryOpKind.Mul
        and isinstance(expr.rhs, AffineConstantExpr)
        and expr.rhs.value < 0
    ):
        return expr.lhs if expr.rhs.value == -1 else expr.lhs * (-expr.rhs.value)
    return None


def _show_affine(expr: AffineExpr, dims: Sequence[str], symbols: Sequence[str]) -> str:
    if isinstance(expr, AffineConstantExpr):
        return str(expr.value)
    if isinstance(expr, AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, AffineSymExpr):
        return symbols[expr.position]
    assert isinstance(expr, AffineBinaryOpExpr)
    rhs_expr = expr.rhs
    if expr.kind == AffineBinaryOpKind.Add:
        negated_rhs, negated_lhs = _negated(rhs_expr), _negated(expr.lhs)
        if negated_rhs is not None:  # a + b * -c is a - b * c
            lhs = _show_affine(expr.lhs, dims, symbols)
            return f"{lhs} - {_wrap(_show_affine(negated_rhs, dims, symbols))}"
        if negated_lhs is not None:  # -a + b is b - a
            rhs = _show_affine(rhs_expr, dims, symbols)
            return f"{rhs} - {_wrap(_show_affine(negated_lhs, dims, symbols))}"
        lhs = _show_affine(expr.lhs, dims, symbols)
        return f"{lhs} + {_show_affine(rhs_expr, dims, symbols)}"
    lhs = _show_affine(expr.lhs, dims, symbols)
    rhs = _show_affine(rhs_expr, dims, symbols)
    if expr.kind == AffineBinaryOpKind.Mul:
        if isinstance(rhs_expr, AffineConstantExpr) and rhs_expr.value == -1:
            return f"-{_wrap(lhs)}"
        return f"{_wrap(lhs)} * {_wrap(rhs)}"
    word = {
        AffineBinaryOpKind.FloorDiv: "floordiv",
        AffineBinaryOpKind.CeilDiv: "ceildiv",
        AffineBinaryOpKind.Mod: "mod",
    }[expr.kind]
    return f"{_wrap(lhs)} {word} {_wrap(rhs)}"


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
