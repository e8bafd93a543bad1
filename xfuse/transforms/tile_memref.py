"""Tiling of structured linalg ops on memrefs into `memref.subview`s (MLIR's tileUsingSCF on
buffers): `transform.structured.tile_using_for` / `tile_using_forall` on an op with memref
operands.

On buffers there is nothing to carry between iterations: the loops have no `iter_args` /
`shared_outs`, each operand of the tiled op is a `memref.subview` of the original buffer (its
type inferred with the strided layout, so a subview of a subview works: multi-level tiling), and
the tiled op writes in place. The tile of each operand comes from the op's indexing maps exactly
as on tensors (the structured tiling model's `image_of_tile`); the loops and tile sizes are
those of `tile.py` (`transforms/tile_sizes.py`: tile size `ts` when it divides the static
extent, else `min(ts, ub - iv)`; SSA tile sizes; `num_threads` over thread ids with the
empty-tile guard).

Refused (a `TilingRefused` on the op, before any IR is built): an op that is not a structured
linalg op on memrefs, more tile sizes than loops, a negative size, an SSA size that is not an
index value defined above the op, a bad interchange, and a reduction loop tiled with
`scf.forall` (parallel tiles would race on the output buffer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from xdsl.builder import Builder
from xdsl.dialects import memref, scf
from xdsl.dialects.builtin import ArrayAttr, IndexType, MemRefType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.scf import ForallOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    TilingRefused,
    fold_constants,
    materialize_index,
)
from xfuse.transforms import tile_sizes as sizing
from xfuse.interfaces.tiling_linalg import (
    image_of_tile,
    loop_range,
    offset_linalg_index,
    structured_view,
)

__all__ = ["MemrefTiling", "has_memref_semantics", "tile_memref_op"]


@dataclass(frozen=True)
class MemrefTiling:
    loops: tuple[Operation, ...]
    """Outermost first: the scf.for nest or the one scf.forall (empty when nothing is tiled)."""
    tiled_op: Operation


def has_memref_semantics(op: Operation) -> bool:
    """A structured op whose shaped operands are all memrefs."""
    view = structured_view(op)
    return view is not None and not op.results and any(
        isinstance(v.type, MemRefType) for v in view.operands
    )


def tile_memref_op(
    op: Operation,
    tile_sizes: Sequence[OpFoldResult],
    interchange: Sequence[int] = (),
    loop: Literal["for", "forall"] = "for",
    mapping: ArrayAttr[Attribute] | None = None,
    num_threads: Sequence[OpFoldResult] = (),
) -> MemrefTiling:
    """Tile `op` (a structured op on memrefs) and erase it (module docstring). Sizes (or, for a
    forall, `num_threads` instead) may be SSA index values defined above `op`, as in `tile.py`."""
    view = structured_view(op)
    if view is None or not has_memref_semantics(op):
        raise TilingRefused(op, "expected a structured linalg op on memrefs")
    if num_threads and (tile_sizes or loop != "forall"):
        raise TilingRefused(op, "num_threads is only meaningful with loop=forall, without tile sizes")
    n = view.num_loops
    given = num_threads or tile_sizes
    what = "thread count" if num_threads else "tile size"
    if len(given) > n:
        raise TilingRefused(op, f"{len(given)} {what}s for {n} loops")
    sizing.check_dynamic_sizes(op, given, what)
    sizes = [*fold_constants(given), *([0] * (n - len(given)))]
    order = [*interchange, *(l for l in range(n) if l not in interchange)]
    if sorted(order) != list(range(n)):
        raise TilingRefused(op, f"interchange {list(interchange)} is not a permutation of the loops 0..{n - 1}")
    tiled_loops = [l for l in order if not sizing.is_zero(sizes[l])]
    if loop == "forall":
        for l in tiled_loops:
            if view.iterator_types[l] == IteratorType.REDUCTION:
                raise TilingRefused(
                    op, f"loop d{l} is a reduction: tiling it with scf.forall would make parallel "
                    "tiles race on the output buffer (give it tile size 0, or use scf.for)",
                )
    if not tiled_loops:
        return MemrefTiling((), op)

    builder = Builder(InsertPoint.before(op))
    domain = [loop_range(builder, view, l) for l in range(n)]
    upper_bounds = [sizing.upper_bound(builder, r) for r in domain]
    threads: Sequence[OpFoldResult] = ()
    if num_threads:
        threads, sizes = sizes, sizing.thread_tile_sizes(builder, domain, sizes)
    offsets: list[OpFoldResult] = [r.offset for r in domain]
    tile: list[OpFoldResult] = [r.size for r in domain]
    built: list[Operation] = []
    if loop == "for":
        for l in tiled_loops:
            body = Block(arg_types=[IndexType()])
            for_op = builder.insert(
                scf.ForOp(
                    materialize_index(builder, domain[l].offset),
                    materialize_index(builder, upper_bounds[l]),
                    materialize_index(builder, sizes[l]),
                    [],
                    body,
                )
            )
            built.append(for_op)
            body.add_op(scf.YieldOp())
            builder = Builder(InsertPoint.before(body.last_op))  # pyright: ignore[reportArgumentType]
            offsets[l] = body.args[0]
            tile[l] = sizing.bounded_tile_size(builder, body.args[0], sizes[l], domain[l], upper_bounds[l])
    else:
        if threads:  # over thread ids
            forall = ForallOp.from_bounds([threads[l] for l in tiled_loops], mapping=mapping)
        else:
            forall = ForallOp.from_bounds(
                [upper_bounds[l] for l in tiled_loops],
                lower_bounds=[domain[l].offset for l in tiled_loops],
                steps=[sizes[l] for l in tiled_loops],
                mapping=mapping,
            )
        builder.insert(forall)
        built.append(forall)
        builder = Builder(InsertPoint.before(forall.terminator))
        for l, iv in zip(tiled_loops, forall.induction_vars, strict=True):
            if threads:
                offsets[l], tile[l] = sizing.thread_tile(
                    builder, iv, sizes[l], threads[l], domain[l], upper_bounds[l]
                )
            else:
                offsets[l] = iv
                tile[l] = sizing.bounded_tile_size(builder, iv, sizes[l], domain[l], upper_bounds[l])

    operands: list[SSAValue] = []
    for index, (operand, indexing_map) in enumerate(zip(view.operands, view.maps, strict=True)):
        operand_type = operand.type
        if not isinstance(operand_type, MemRefType):
            operands.append(operand)
            continue
        sub_offsets, sub_sizes = image_of_tile(builder, op, operand, index, indexing_map, offsets, tile)
        sub_offsets, sub_sizes = fold_constants(sub_offsets), fold_constants(sub_sizes)
        strides = [1] * len(sub_sizes)
        result_type = memref.SubviewOp.infer_result_type(operand_type, sub_offsets, sub_sizes, strides)
        subview = builder.insert(memref.SubviewOp.get(operand, sub_offsets, sub_sizes, strides, result_type))
        operands.append(subview.result)
    tiled_op = builder.insert(
        type(op).create(
            operands=operands,
            result_types=[],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[region.clone() for region in op.regions],
        )
    )
    offset_linalg_index(tiled_op, offsets)
    for loop_op in built:
        loop_op.location = op.location
    Rewriter.erase_op(op)
    return MemrefTiling((built[0],) if loop == "forall" else tuple(built), tiled_op)
