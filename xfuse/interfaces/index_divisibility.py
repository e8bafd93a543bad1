"""Proofs about index values that the pack/unpack tiling models need: that an offset or size
is a multiple of an inner tile, or that a tile ends at the end of its dim. MLIR's PackOpTiling
takes a constant upper bound of the size and does not check offsets; xfuse proves alignment
instead of assuming it, and refuses the tile when it cannot.

`known_divisor` follows constants, `affine.apply`,
`affine.min`, `arith.addi/subi/muli` and the induction variables of `scf.for`/`scf.forall`
(lower bound and step); a size is also accepted when it is an `affine.min` whose every
candidate is a multiple of the tile or `dim - offset` (the boundary tile of a tiled loop), or
is itself `dim - offset`. `dim - offset` is recognised by comparing linear forms in which
`affine.apply` results are expanded over their operands (so `30 - 8 * %o` equals `30 - %off` for
`%off = affine.apply (d0 * 8)(%o)`, as built by the unpack's own `_iteration_tile_of`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects import affine, arith, scf
from xdsl.ir import BlockArgument, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

from xfuse.interfaces.tiling import OpFoldResult, constant_value, same_index

__all__ = ["is_aligned_size", "is_multiple", "known_divisor"]


def _expr_divisor(expr: AffineExpr, operands: Sequence[SSAValue], num_dims: int) -> int:
    """A number dividing `expr` for every value of its operands (0: the expr is 0)."""
    if isinstance(expr, AffineConstantExpr):
        return abs(expr.value)
    if isinstance(expr, AffineDimExpr):
        return known_divisor(operands[expr.position])
    if isinstance(expr, AffineSymExpr):
        return known_divisor(operands[num_dims + expr.position])
    if isinstance(expr, AffineBinaryOpExpr):
        lhs = _expr_divisor(expr.lhs, operands, num_dims)
        rhs = _expr_divisor(expr.rhs, operands, num_dims)
        if expr.kind == AffineBinaryOpKind.Add:
            return math.gcd(lhs, rhs)
        if expr.kind == AffineBinaryOpKind.Mul:
            return lhs * rhs
    return 1  # floordiv, ceildiv, mod: nothing known


def known_divisor(value: OpFoldResult, _depth: int = 0) -> int:
    """A number provably dividing `value` (0 when `value` is provably 0; 1 when nothing is
    known). Follows constants, `affine.apply`/`affine.min`, `arith.addi/subi/muli` and the
    induction variables of `scf.for`/`scf.forall` (gcd of lower bound and step)."""
    constant = constant_value(value)
    if constant is not None:
        return abs(constant)
    assert isinstance(value, SSAValue)
    if _depth > 32:
        return 1
    depth = _depth + 1
    if isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        if isinstance(parent, scf.ForOp) and value.index == 0:
            return math.gcd(known_divisor(parent.lb, depth), known_divisor(parent.step, depth))
        if parent is not None and parent.name == "scf.forall":
            from xfuse.dialects.scf import ForallOp

            if isinstance(parent, ForallOp) and value.index < parent.rank:
                lower = parent.mixed_lower_bound[value.index]
                step = parent.mixed_step[value.index]
                return math.gcd(known_divisor(lower, depth), known_divisor(step, depth))
        return 1
    owner = value.owner
    if isinstance(owner, affine.ApplyOp | affine.MinOp):
        affine_map = owner.map.data
        operands = list(owner.operands)
        return math.gcd(
            *(_expr_divisor(r, operands, affine_map.num_dims) for r in affine_map.results)
        )
    if isinstance(owner, arith.AddiOp | arith.SubiOp):
        return math.gcd(known_divisor(owner.lhs, depth), known_divisor(owner.rhs, depth))
    if isinstance(owner, arith.MuliOp):
        return known_divisor(owner.lhs, depth) * known_divisor(owner.rhs, depth)
    return 1


def is_multiple(value: OpFoldResult, tile: int) -> bool:
    """Whether `value` is provably a multiple of `tile`."""
    return known_divisor(value) % tile == 0


_Terms = tuple[list[tuple[OpFoldResult, int]], int]
"""A linear form: (value, coefficient) terms plus a constant."""


def _merge_terms(terms: Sequence[tuple[OpFoldResult, int]]) -> list[tuple[OpFoldResult, int]]:
    """`terms` with provably equal values (`same_index`) merged and zero coefficients dropped."""
    merged: list[tuple[OpFoldResult, int]] = []
    for value, c in terms:
        for i, (seen, total) in enumerate(merged):
            if same_index(seen, value):
                merged[i] = (seen, total + c)
                break
        else:
            merged.append((value, c))
    return [(value, c) for value, c in merged if c != 0]


def _value_terms(value: OpFoldResult, _depth: int = 0) -> _Terms:
    """`value` as a linear form: a constant, the linear form of its single-result
    `affine.apply` over that op's operands (followed recursively), else the value itself as
    one term. Exact (the form equals `value` for every value of its leaves), so two values
    with identical forms are provably equal."""
    known = constant_value(value)
    if known is not None:
        return [], known
    assert isinstance(value, SSAValue)
    owner = value.owner
    if _depth <= 32 and isinstance(owner, affine.ApplyOp):
        affine_map = owner.map.data
        if len(affine_map.results) == 1:
            expanded = _linear_terms(
                affine_map.results[0], list(owner.operands), affine_map.num_dims, _depth + 1
            )
            if expanded is not None:
                return expanded
    return [(value, 1)], 0


def _linear_terms(
    expr: AffineExpr, operands: Sequence[OpFoldResult], num_dims: int, _depth: int = 0
) -> _Terms | None:
    """`expr` as (value, coefficient) terms plus a constant, or None when not linear. Operands
    are expanded with `_value_terms` (through `affine.apply`), so provably equal expressions
    built over different SSA values get the same terms."""
    if isinstance(expr, AffineConstantExpr):
        return [], expr.value
    if isinstance(expr, AffineDimExpr | AffineSymExpr):
        position = expr.position + (num_dims if isinstance(expr, AffineSymExpr) else 0)
        return _value_terms(operands[position], _depth)
    if isinstance(expr, AffineBinaryOpExpr):
        lhs = _linear_terms(expr.lhs, operands, num_dims, _depth)
        rhs = _linear_terms(expr.rhs, operands, num_dims, _depth)
        if lhs is None or rhs is None:
            return None
        if expr.kind == AffineBinaryOpKind.Add:
            return _merge_terms(lhs[0] + rhs[0]), lhs[1] + rhs[1]
        if expr.kind == AffineBinaryOpKind.Mul:
            if lhs[0] and rhs[0]:
                return None
            (terms, _), factor = (lhs, rhs[1]) if lhs[0] else (rhs, lhs[1])
            constant = lhs[1] * rhs[1]
            return _merge_terms([(v, c * factor) for v, c in terms]), constant
    return None


def _equals_end(candidate: _Terms, offset: OpFoldResult, dim_size: OpFoldResult) -> bool:
    """Whether `candidate + offset == dim_size`: provable when the linear form of
    `candidate + offset - dim_size` (offset and dim size expanded by `_value_terms`) is 0."""
    terms, constant = list(candidate[0]), candidate[1]
    for value, sign in [(offset, 1), (dim_size, -1)]:
        value_terms, value_constant = _value_terms(value)
        terms += [(v, sign * c) for v, c in value_terms]
        constant += sign * value_constant
    return constant == 0 and not _merge_terms(terms)


def is_aligned_size(
    offset: OpFoldResult, size: OpFoldResult, tile: int, dim_size: OpFoldResult
) -> bool:
    """`size` is a multiple of `tile`, or the tile `[offset, offset + size)` ends at the end
    of the dim (each candidate of an `affine.min` being one or the other)."""
    if is_multiple(size, tile):
        return True
    whole = _linear_terms(AffineExpr.dimension(0), [size], 1)
    assert whole is not None
    if _equals_end(whole, offset, dim_size):
        return True
    if isinstance(size, SSAValue) and isinstance(size.owner, affine.MinOp):
        owner = size.owner
        affine_map = owner.map.data
        operands = list(owner.operands)
        for result in affine_map.results:
            if _expr_divisor(result, operands, affine_map.num_dims) % tile == 0:
                continue
            terms = _linear_terms(result, operands, affine_map.num_dims)
            if terms is None or not _equals_end(terms, offset, dim_size):
                return False
        return True
    return False
