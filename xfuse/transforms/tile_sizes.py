"""Tile sizes of the tiling driver (`tile.py`): static ints or SSA index values (OpFoldResult),
the size of each tile, and MLIR's `num_threads` form.

A dynamic tile size (an SSA value, as MLIR's `tile_using_for %op tile_sizes [%sz, 8]` gives)
becomes the step of its loop and the bound of an `affine.min` at every tile; it must dominate
the loops, which the driver builds right before the tiled op (`check_dynamic_sizes`). SSA
values that are `arith.constant`s are read as their int, so `[%c4]` tiles as `[4]` does.

`num_threads` (scf.forall only): as MLIR's tileUsingSCF, the forall runs over the thread ids
`[0, num_threads)`, thread `t` of loop `l` gets the tile starting at `lb + t * ts` with
`ts = ceildiv(extent, num_threads)`, and, unless provably every thread has a full tile, a size
`max(0, min(ub - offset, ts))`: the threads past the end get an empty tile, never a negative one.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import affine, arith
from xdsl.dialects.builtin import AffineMapAttr, IndexType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap

from xfuse.dialects.affine import MaxOp
from xfuse.interfaces.tiling import (
    OpFoldResult,
    Range,
    TilingRefused,
    apply_affine_expr,
    constant_value,
    fold_constants,
    materialize_index,
)
from xfuse.interfaces.tiling_utils import show_index

__all__ = [
    "bounded_tile_size",
    "check_dynamic_sizes",
    "dominates",
    "is_zero",
    "thread_tile",
    "thread_tile_sizes",
    "upper_bound",
]


def is_zero(size: OpFoldResult) -> bool:
    """Whether a tile size (or a thread count) is provably 0, i.e. the loop stays untiled."""
    return constant_value(size) == 0


def dominates(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined above `op`: a block argument of a block enclosing `op`, or the
    result of an op before `op` (or before the ancestor of `op`) in an enclosing block. Values
    of another block of a multi-block region are conservatively not dominating."""
    if isinstance(value.owner, Block):
        block = value.owner
        current: Operation | None = op
        while current is not None:
            if current.parent is block:
                return True
            current = current.parent_op()
        return False
    definer = value.owner
    current = op
    while current is not None:
        if current.parent is not None and current.parent is definer.parent:
            return current is not definer and definer.is_before_in_block(current)
        current = current.parent_op()
    return False


def check_dynamic_sizes(op: Operation, sizes: Sequence[OpFoldResult], what: str) -> None:
    """Refuse negative entries of `sizes` (`what`: "tile size" or "thread count" of `op`) and
    SSA entries that are not `index` values defined above `op` (the loops using them are built
    right before it)."""
    for position, size in enumerate(sizes):
        if isinstance(size, SSAValue) and not isinstance(size.type, IndexType):
            raise TilingRefused(op, f"{what} #{position} has type {size.type}, expected index")
        constant = constant_value(size)
        if constant is not None:
            if constant < 0:
                raise TilingRefused(op, f"{what}s must be non-negative, got {constant}")
            continue
        assert isinstance(size, SSAValue)
        if not dominates(size, op):
            raise TilingRefused(
                op,
                f"{what} #{position} ({show_index(size)}) is not defined above the op being "
                "tiled: it would not dominate the loops built before the op",
            )


def upper_bound(builder: Builder, domain: Range) -> OpFoldResult:
    """`offset + size` of a loop of the iteration domain."""
    return apply_affine_expr(
        builder, AffineExpr.dimension(0) + AffineExpr.dimension(1), [domain.offset, domain.size]
    )


def _affine_min_max(
    builder: Builder, kind: type[affine.MinOp] | type[MaxOp], values: Sequence[OpFoldResult]
) -> OpFoldResult:
    """`min`/`max` of `values`, constants folded into the map, SSA values as its symbols."""
    folded = fold_constants(values)
    constants = [v for v in folded if isinstance(v, int)]
    operands = [v for v in folded if isinstance(v, SSAValue)]
    if not operands:
        return (min if kind is affine.MinOp else max)(constants)
    symbols = iter(range(len(operands)))
    results = tuple(
        AffineExpr.constant(v) if isinstance(v, int) else AffineExpr.symbol(next(symbols))
        for v in folded
    )
    affine_map = AffineMap(0, len(operands), results)
    return builder.insert(kind(operands, AffineMapAttr(affine_map))).result


def bounded_tile_size(
    builder: Builder, iv: SSAValue, tile_size: OpFoldResult, domain: Range, ub: OpFoldResult
) -> OpFoldResult:
    """The size of the tile starting at `iv`: `tile_size` when it provably divides the domain
    (then no tile is partial), else `affine.min(tile_size, ub - iv)`."""
    ts = constant_value(tile_size)
    lower, extent = constant_value(domain.offset), constant_value(domain.size)
    if ts == 1 or (ts is not None and lower is not None and extent is not None and extent % ts == 0):
        return ts
    d0 = AffineExpr.dimension(0)
    static_ub = constant_value(ub)
    operands: list[SSAValue] = [iv]
    if static_ub is not None:
        remaining = AffineExpr.constant(static_ub) - d0
    else:
        assert isinstance(ub, SSAValue)
        operands.append(ub)
        remaining = AffineExpr.symbol(0) - d0
    if ts is not None:
        size_expr = AffineExpr.constant(ts)
    else:
        assert isinstance(tile_size, SSAValue)
        size_expr = AffineExpr.symbol(len(operands) - 1)
        operands.append(tile_size)
    min_map = AffineMap(1, len(operands) - 1, (size_expr, remaining))
    return builder.insert(affine.MinOp(operands, AffineMapAttr(min_map))).result


def thread_tile_sizes(
    builder: Builder, domain: Sequence[Range], num_threads: Sequence[OpFoldResult]
) -> list[OpFoldResult]:
    """The tile size of each loop for `num_threads` threads, `ceildiv(extent, threads)`
    (0 where the thread count is 0: untiled), built at the builder, before the loops."""
    return [
        0 if is_zero(threads) else _ceil_div(builder, r.size, threads)
        for r, threads in zip(domain, num_threads, strict=True)
    ]


# xDSL's AffineExpr has no semi-affine products or divisions (`d0 * s0`, `s0 ceildiv s1`,
# which MLIR writes in one affine.apply): between two SSA values they are arith ops.


def _ceil_div(builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
    divisor = constant_value(b)
    if divisor is not None:
        return apply_affine_expr(builder, AffineExpr.dimension(0).ceil_div(divisor), [a])
    lhs, rhs = materialize_index(builder, a), materialize_index(builder, b)
    return builder.insert(arith.CeilDivSIOp(lhs, rhs)).result


def _mul(builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
    for x, y in ((a, b), (b, a)):
        factor = constant_value(y)
        if factor is not None:
            return apply_affine_expr(builder, AffineExpr.dimension(0) * factor, [x])
    lhs, rhs = materialize_index(builder, a), materialize_index(builder, b)
    return builder.insert(arith.MuliOp(lhs, rhs)).result


def thread_tile(
    builder: Builder,
    thread: SSAValue,
    tile_size: OpFoldResult,
    threads: OpFoldResult,
    domain: Range,
    ub: OpFoldResult,
) -> tuple[OpFoldResult, OpFoldResult]:
    """(offset, size) of the tile of thread `thread` (an id in [0, threads)): offset
    `lb + thread * tile_size`; size `tile_size` when `threads * tile_size == extent`, else
    `min(ub - offset, tile_size)`, guarded by `max(0, ...)` unless even the last thread's
    tile provably starts in bounds (`tile_size * (threads - 1) < extent`)."""
    d0, d1 = AffineExpr.dimension(0), AffineExpr.dimension(1)
    offset = apply_affine_expr(builder, d0 + d1, [domain.offset, _mul(builder, thread, tile_size)])
    ts, count, extent = (constant_value(v) for v in (tile_size, threads, domain.size))
    if ts is not None and count is not None and extent is not None and extent == count * ts:
        return offset, tile_size
    remaining = apply_affine_expr(builder, d0 - d1, [ub, offset])
    size = _affine_min_max(builder, affine.MinOp, [remaining, tile_size])
    if ts is not None and count is not None and extent is not None and ts * (count - 1) < extent:
        return offset, size
    return offset, _affine_min_max(builder, MaxOp, [0, size])
