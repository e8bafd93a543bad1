"""Vectorized `linalg.pack`: the data-movement half of a data-tiled program's schedule.

LLVM 22 lowers a `linalg.pack` (`lower_pack`: pad + expand_shape + `linalg.transpose`) to scalar
loops; for the `16x1` tiles of an AVX-512 f32 mmt4d that is a strided gather per element, about
10x slower than the memory traffic it moves. Upstream can do better when told how: tile the pack
so that one tile is a block of whole vector registers, then `transform.structured.vectorize` it
(a `transfer_read` of the source block, a `vector.transpose` into the packed order, a
`transfer_write`), and lower the transposes with shuffles (`shuffle_16x16` for 16x16 32-bit
blocks, the AVX-512 in-register transpose).

`plan_packs(module, target)` marks every static, unpadded pack with `xfuse.microkernel_pack` = a
group number and returns the groups; `pack_bodies(groups)` writes their transform ops, which run
before the contraction schedule (a vectorized pack is an `scf.for`, no longer a tileable
producer, so the register-tile fusion of xfuse/backends/schedules/matmul.py never recomputes a pack per
register tile). A pack outside any loop (computed once, before the loop nest that reads it) is
tiled with `scf.forall`, so `microkernel-openmp` (`threads` > 1) runs it on every thread.

Choice of the block (`pack_block_tile`), per outer dim of the packed result: the dim that is
contiguous in the source, and the one that is contiguous in the packed tiles, each span `L`
elements (`L` = lanes of a vector register), so both the reads and the writes are whole vectors;
if the block still holds fewer than `L x L` elements (one register file's worth of transposes),
the next source dims (innermost first) are widened to `L` elements too. An outer size that the
tile does not divide keeps tile 1 (no partial blocks, so no masks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.rewriter import Rewriter

from xfuse.backends.target import CpuTarget
from xfuse.dialects.linalg_pack import PackOp

PACK_ATTR = "xfuse.microkernel_pack"

_ANY = "!transform.any_op"


@dataclass(frozen=True)
class PackGroup:
    """Packs tiled alike; their ops carry `group` in `PACK_ATTR`."""

    group: int
    tile_sizes: tuple[int, ...]
    """Tile sizes over the packed result's outer dims (in its order)."""
    parallel: bool
    """Tiled with `scf.forall` (the pack is not inside a loop), else `scf.for`."""
    transpose_strategy: str
    """`lower_transpose` strategy: `shuffle_16x16` for 16-lane vectors (AVX-512 f32), else `shuffle_1d`."""


def _element_bits(type_: TensorType) -> int | None:
    width = getattr(type_.element_type, "bitwidth", None)
    if width is None:
        width = getattr(getattr(type_.element_type, "width", None), "data", None)
    return None if width is None else int(width)


def pack_block_tile(op: Operation, target: CpuTarget) -> tuple[int, ...] | None:
    """Tile sizes over the outer dims of `op`'s packed result making one tile a block of whole
    vectors (see the module docstring), or None when the pack is not vectorized (dynamic shapes,
    padding, an element type without a bit width, a block over the register file)."""
    if op.name != "linalg.pack":
        return None
    source, dest = op.unpacked_type(), op.packed_type()
    if any(d < 0 for d in (*source.get_shape(), *dest.get_shape())) or op.requires_padding_value():
        return None
    bits = _element_bits(source)
    if bits is None:
        return None
    lanes = target.lanes(bits)
    rank = source.get_num_dims()
    perm = list(op.get_outer_dims_perm()) or list(range(rank))
    tiles = dict(zip(op.get_inner_dims_pos(), op.get_static_inner_tiles(), strict=True))
    outer = dict(zip(perm, dest.get_shape()[:rank], strict=True))  # source dim -> outer extent
    spans = {d: tiles.get(d, 1) for d in range(rank)}  # source dim -> block extent
    sizes = {d: 1 for d in range(rank)}

    def widen(d: int) -> None:
        tile = tiles.get(d, 1)
        if tile >= lanes or lanes % tile or sizes[d] != 1:
            return
        factor = lanes // tile
        if outer[d] % factor == 0:
            sizes[d], spans[d] = factor, lanes

    non_unit_inner = [d for d, t in tiles.items() if t > 1]  # in inner_dims_pos order
    widen(rank - 1)
    if non_unit_inner:
        widen(non_unit_inner[-1])
    for d in reversed(range(rank)):
        if math.prod(spans.values()) >= lanes * lanes:
            break
        widen(d)
    if math.prod(spans.values()) * bits > target.vector_registers * target.vector_bits:
        return None
    return tuple(sizes[d] for d in perm)


def _in_loop(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if parent.name in ("scf.for", "scf.forall", "scf.parallel", "scf.while"):
            return True
        parent = parent.parent_op()
    return False


def _without_unused_padding(op: Operation) -> Operation:
    """`op`, or (replacing it) the same pack without its `padding_value` when the tiles divide the
    source exactly, as MLIR's pack canonicalization folds it: with the operand, tiling computes
    dynamic source slices (clamped for a padding that never happens) that the vectorizer refuses."""
    if not isinstance(op, PackOp) or op.padding_value is None or op.requires_padding_value() or op.inner_tiles:
        return op
    bare = PackOp(op.source, op.dest, op.get_inner_dims_pos(), op.get_static_inner_tiles(),
                  outer_dims_perm=op.get_outer_dims_perm() or None, attributes=dict(op.attributes))
    Rewriter.replace_op(op, bare)
    return bare


def plan_packs(module: ModuleOp, target: CpuTarget) -> list[PackGroup]:
    """Mark each vectorizable pack with its group number; the groups, one per tiling."""
    groups: dict[tuple[tuple[int, ...], bool, str], int] = {}
    for op in list(module.walk()):
        if pack_block_tile(op, target) is None:
            continue
        op = _without_unused_padding(op)
        tile_sizes = pack_block_tile(op, target)
        if tile_sizes is None:
            continue
        strategy = "shuffle_16x16" if target.lanes(_element_bits(op.unpacked_type()) or 32) == 16 else "shuffle_1d"
        key = (tile_sizes, not _in_loop(op), strategy)
        group = groups.setdefault(key, len(groups))
        op.attributes[PACK_ATTR] = IntegerAttr(group, IntegerType(64))
    return [PackGroup(g, *key) for key, g in groups.items()]


def pack_bodies(groups: list[PackGroup]) -> list[str]:
    """The transform ops (on `%root`) tiling and vectorizing each group's packs; [] when empty."""
    if not groups:
        return []
    lines = []
    for group in groups:
        g, sizes = group.group, ", ".join(map(str, group.tile_sizes))
        match = (f"    %pack{g} = transform.structured.match attributes{{{PACK_ATTR} = {g} : i64}} in %root"
                 f" : ({_ANY}) -> {_ANY}\n")
        if group.parallel:
            tiling = (f"    %ptile{g}, %ploop{g} = transform.structured.tile_using_forall %pack{g} tile_sizes [{sizes}]"
                      f" : ({_ANY}) -> ({_ANY}, {_ANY})\n")
        else:
            loops = ", ".join(f"%ploop{g}_{i}" for i in range(len(group.tile_sizes)))
            tiling = (f"    %ptile{g}, {loops} = transform.structured.tile_using_for %pack{g} tile_sizes [{sizes}]"
                      f" : ({_ANY}) -> ({_ANY}{f', {_ANY}' * len(group.tile_sizes)})\n")
        lines.append(f"    // pack group {g}: blocks of [{sizes}] outer tiles, vectorized\n" + match + tiling
                     + f"    transform.structured.vectorize %ptile{g} : {_ANY}\n")
    lines.append(lower_transposes("%pack_funcs", {group.transpose_strategy for group in groups}))
    return ["".join(lines)]


def lower_transposes(funcs: str, strategies: set[str]) -> str:
    """Transform ops lowering the `vector.transpose`s of every function (handle `funcs`) to
    shuffles with `strategies`, and dropping the unit dimensions the tiles left."""
    lower = "".join(f"      transform.apply_patterns.vector.lower_transpose lowering_strategy = {s}\n"
                    for s in sorted(strategies))
    return f"""\
    {funcs} = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to {funcs} {{
{lower}\
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.canonicalization
    }} : {_ANY}
"""
