"""The tile sizes of each root: chosen from its shape, element types and the target, or given.

A root's tile is the *group's* tile: the root's output block that one iteration of its
`scf.forall` computes, with every fused producer and consumer computing the same block. Register
tiling inside it is the backend's job (xfuse/backends/schedules/micro_tile.py picks `MR x NR` for matmuls), so
the group tile is chosen for the caches, and shaped for the registers:

1. Reduction loops are never tiled (0): the whole reduction runs inside one tile, so consumers
   see final values and can be fused (a tiled reduction makes the tile an accumulation).
   Loops of dynamic size are not tiled either.
2. The *vector loop*, the loop of the output's innermost (contiguous) dimension, takes only
   multiples of the target's vector lanes (`CpuTarget.lanes` for the output's element type),
   when such a divisor of its size exists: a tile row is whole vector registers. It starts at
   one vector (or the smallest size above it; smaller when that does not fit the budget).
3. Every tile size divides its loop: no partial tiles, so every tile has a static shape.
4. Starting from the smallest such tile, the tile grows one loop at a time, each step to that
   loop's next allowed size, choosing the step with the most multiply-accumulates per byte of
   the tile's working set (its footprint in each operand, reduction extents whole, windows
   `oh + kh - 1` included); steps whose working set exceeds the cache budget (half the core's L2
   by default: the other half holds the fused neighbours' tiles and the next tile's prefetch) are
   not taken. Ties go to the vector loop, then to loops of inner output dimensions.
5. A step that would leave fewer than `min_tiles` tiles is not taken (parallelism: 1 by default,
   the backend's default pipeline runs one thread).

Overrides: an op marked `xfuse.tile_sizes = array<i64: ...>` (xfuse/marking.py) keeps its sizes;
the pass option `tile-sizes="linalg.matmul=32,64;linalg.conv_2d_nchw_fchw=1,16,1,8"` gives the
sizes of every root of that op name (`TileOverrides`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from xdsl.dialects.builtin import DenseArrayBase, IntegerType, ShapedType
from xdsl.ir import Operation
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
)

from xfuse.backends.target import CpuTarget
from xfuse.diagnostics import emit_error
from xfuse.interfaces.tiling import IteratorType
from xfuse.interfaces.tiling_linalg import StructuredView, structured_view
from xfuse.transforms.network.roots import loop_sizes
from xfuse.transforms.tile import TILE_SIZES_ATTR

__all__ = ["TileChoice", "TileOverrides", "choose_tile_sizes", "tile_for_root", "working_set_bytes"]


@dataclass(frozen=True)
class TileChoice:
    """The tile sizes of one root (one per loop, 0 = not tiled) and where they come from."""

    sizes: tuple[int, ...]
    source: Literal["chosen", "marked", "option"]
    working_set: int | None = None
    """Bytes of the tile's operand footprints (None when a size is dynamic)."""

    def describe(self) -> str:
        text = "x".join(str(s) for s in self.sizes) + f" ({self.source}"
        if self.working_set is not None:
            text += f", working set {_kib(self.working_set)}"
        return text + ")"


def _kib(n: int) -> str:
    return f"{n / 1024:.1f} KiB" if n >= 1024 else f"{n} B"


# -- the working set ------------------------------------------------------------------------


def _range(expr: AffineExpr, extents: Sequence[int]) -> tuple[int, int] | None:
    """The [min, max] of `expr` over loops d in [0, extents[d] - 1]; None when not linear."""
    if isinstance(expr, AffineDimExpr):
        return 0, extents[expr.position] - 1
    if isinstance(expr, AffineConstantExpr):
        return expr.value, expr.value
    if isinstance(expr, AffineBinaryOpExpr):
        lhs, rhs = _range(expr.lhs, extents), _range(expr.rhs, extents)
        if lhs is None or rhs is None:
            return None
        if expr.kind == AffineBinaryOpKind.Add:
            return lhs[0] + rhs[0], lhs[1] + rhs[1]
        if expr.kind == AffineBinaryOpKind.Mul:
            corners = [a * b for a in lhs for b in rhs]
            return min(corners), max(corners)
    return None


def _element_bytes(operand_type: ShapedType) -> int:
    width = getattr(operand_type.get_element_type(), "bitwidth", None)
    return max(1, (width or 32) // 8)


def working_set_bytes(view: StructuredView, extents: Sequence[int]) -> int:
    """Bytes of every operand's footprint when each loop d spans `extents[d]` iterations."""
    total = 0
    for operand, indexing_map in zip(view.operands, view.maps):
        if not isinstance(operand.type, ShapedType):
            continue
        shape = operand.type.get_shape()
        elements = 1
        for dim, expr in enumerate(indexing_map.results):
            span = _range(expr, extents)
            extent = span[1] - span[0] + 1 if span is not None else shape[dim]
            elements *= min(extent, shape[dim]) if shape[dim] >= 0 else extent
        total += elements * _element_bytes(operand.type)
    return total


# -- the choice -----------------------------------------------------------------------------


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def choose_tile_sizes(
    op: Operation, target: CpuTarget, budget_bytes: int | None = None, min_tiles: int = 1
) -> TileChoice:
    """The tile of root `op` by the rules of the module doc (`budget_bytes`: default half of
    `target.l2_bytes`)."""
    view = structured_view(op)
    assert view is not None, "choose_tile_sizes takes a structured op"
    budget = budget_bytes if budget_bytes is not None else target.l2_bytes // 2
    sizes = loop_sizes(view)
    parallel = [
        d for d, (it, size) in enumerate(zip(view.iterator_types, sizes))
        if it == IteratorType.PARALLEL and size is not None
    ]
    output_map = view.maps[-1]
    output_loops = [e.position for e in output_map.results if isinstance(e, AffineDimExpr)]
    vector_loop = output_loops[-1] if output_loops and output_loops[-1] in parallel else None
    output_type = view.outputs[0].type
    assert isinstance(output_type, ShapedType)
    lanes = target.lanes(_element_bytes(output_type) * 8)

    allowed: dict[int, list[int]] = {}
    for d in parallel:
        values = _divisors(sizes[d])  # type: ignore[arg-type]
        if d == vector_loop:
            whole_vectors = [v for v in values if v % lanes == 0]
            values = whole_vectors or values
        allowed[d] = values
    tile = {d: allowed[d][0] for d in parallel}

    def extents(t: Mapping[int, int]) -> list[int]:
        return [t.get(d, s if s is not None else 1) for d, s in enumerate(sizes)]

    if vector_loop is not None:
        # Start at one vector when the loop has it (or at its largest size below one vector),
        # smaller while that does not fit the budget.
        wide = [v for v in allowed[vector_loop] if v >= lanes]
        start = wide[0] if wide else allowed[vector_loop][-1]
        for value in reversed([v for v in allowed[vector_loop] if v <= start]):
            tile[vector_loop] = value
            if working_set_bytes(view, extents(tile)) <= budget:
                break

    def tiles(t: Mapping[int, int]) -> int:
        count = 1
        for d in parallel:
            count *= sizes[d] // t[d]  # type: ignore[operator]
        return count

    def intensity(t: Mapping[int, int]) -> float:
        macs = 1
        for e in extents(t):
            macs *= e
        return macs / working_set_bytes(view, extents(t))

    # Ties: the vector loop, then loops of inner output dimensions, then the rest.
    preference = {d: i for i, d in enumerate(reversed(output_loops))}
    while True:
        steps = []
        for d in parallel:
            larger = [v for v in allowed[d] if v > tile[d]]
            if not larger:
                continue
            grown = {**tile, d: larger[0]}
            if working_set_bytes(view, extents(grown)) > budget or tiles(grown) < min_tiles:
                continue
            steps.append((intensity(grown), -preference.get(d, len(preference)), d, grown))
        if not steps:
            break
        tile = max(steps, key=lambda s: (s[0], s[1]))[3]
    result = tuple(tile.get(d, 0) for d in range(view.num_loops))
    dynamic = any(s is None for s in sizes)
    return TileChoice(result, "chosen", None if dynamic else working_set_bytes(view, extents(tile)))


# -- overrides ------------------------------------------------------------------------------

_ENTRY = re.compile(r"^\s*([A-Za-z_][\w$]*\.[\w.$]+)\s*=\s*(\d+(?:\s*,\s*\d+)*)\s*$")


@dataclass(frozen=True)
class TileOverrides:
    """`op.name -> sizes` from the pass option `tile-sizes` (`NAME=S,S,...;NAME=...`)."""

    by_name: Mapping[str, tuple[int, ...]]

    @staticmethod
    def parse(text: str) -> TileOverrides:
        """Parse the option; a malformed entry is a `ValueError` saying which and why."""
        by_name: dict[str, tuple[int, ...]] = {}
        for entry in (e for e in text.split(";") if e.strip()):
            match = _ENTRY.match(entry)
            if match is None:
                raise ValueError(
                    f"entry '{entry.strip()}' is not OP=SIZES (e.g. linalg.matmul=32,64: an op "
                    "name, '=', non-negative sizes separated by commas)"
                )
            name, sizes = match.group(1), tuple(int(s) for s in match.group(2).split(","))
            if name in by_name:
                raise ValueError(f"op '{name}' is given twice")
            by_name[name] = sizes
        return TileOverrides(by_name)


def tile_for_root(
    op: Operation,
    target: CpuTarget,
    overrides: TileOverrides | None = None,
    budget_bytes: int | None = None,
    min_tiles: int = 1,
) -> TileChoice:
    """The mark on `op`, else the option's entry for its name, else `choose_tile_sizes`. A mark
    or entry with more sizes than loops is an error at `op`; missing trailing sizes are 0 (untiled)."""
    view = structured_view(op)
    assert view is not None
    given: tuple[int, ...] | None = None
    source: Literal["marked", "option"] = "marked"
    if TILE_SIZES_ATTR in op.attributes:
        attr = op.attributes[TILE_SIZES_ATTR]
        if not (isinstance(attr, DenseArrayBase) and isinstance(attr.elt_type, IntegerType)):
            emit_error(op, f"'{TILE_SIZES_ATTR}' must be a dense array of integers, e.g. array<i64: 1, 16>")
        given = tuple(int(v) for v in attr.get_values())
        if not given:
            given = None  # an empty mark: let the choice decide
    if given is None and overrides is not None and op.name in overrides.by_name:
        given, source = overrides.by_name[op.name], "option"
    if given is None:
        return choose_tile_sizes(op, target, budget_bytes, min_tiles)
    if len(given) > view.num_loops:
        where = f"'{TILE_SIZES_ATTR}'" if source == "marked" else "option tile-sizes"
        emit_error(
            op,
            f"xfuse-network-fusion: {where} gives {len(given)} tile sizes for '{op.name}', "
            f"which has {view.num_loops} loops ({', '.join(it.value for it in view.iterator_types)})",
        )
    # As in xfuse-tile and MLIR's tiling: loops without a size are not tiled.
    given = given + (0,) * (view.num_loops - len(given))
    if any(s < 0 for s in given):
        emit_error(op, f"xfuse-network-fusion: tile sizes must be non-negative, got {list(given)}")
    for d, (size, iterator) in enumerate(zip(given, view.iterator_types)):
        if size and iterator == IteratorType.REDUCTION:
            emit_error(
                op,
                f"xfuse-network-fusion: tile size {size} for reduction loop d{d} of '{op.name}' "
                f"(sizes {list(given)}): a group is an scf.forall over parallel loops, give "
                "reduction loops 0",
            )
    return TileChoice(given, source)
