"""`rock-gemm-to-threadwise`: a CPU stand-in for rocMLIR's gridwise-GEMM lowering.

rocMLIR lowers `rock.gridwise_gemm` into blockwise and threadwise code whose result is a
register tile per thread, stored with `rock.threadwise_write_all` through the map "id2mat"
from (block id, thread id, register index) to GEMM coordinates, so that fusion can happen on
the registers before the store. Here the grid is emulated: two `scf.for` loops give `%bid` and
`%tid`, each thread computes an `m x n` register tile (`rock.alloc`) with plain loops, and
stores it with `rock.threadwise_write_all [id2mat](%C) [%bid, %tid]`.

id2mat is three maps (outermost first):
  1. Merge: bid -> (g, m_block, n_block), tid -> (m_thread, n_thread), iter -> (m_iter, n_iter);
  2. Unmerge: (m_block, m_thread, m_iter) -> m, (n_block, n_thread, n_iter) -> n;
  3. Pad{0, extra} on m and n when the tiles do not divide the problem: the padded
     coordinates are invalid, so their loads give 0 and their stores are dropped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError, emit_error
from xfuse.dialects.rock import AllocOp, GridwiseGemmOp, ThreadwiseWriteAllOp
from xfuse.dialects.rock_attrs import TransformAttr, TransformMapAttr
from xfuse.transforms.rock.lower import Emitter, IRArith, dot_over_k, loop_nest
from xfuse.transforms.rock.views import apply_map, make_transform_map


@dataclass(frozen=True)
class GemmTiling:
    """Per-thread register tile (`m_per_thread` x `n_per_thread`), threads per block (m x n)."""

    m_per_thread: int = 4
    n_per_thread: int = 4
    m_threads: int = 2
    n_threads: int = 2

    def grid(self, g: int, m: int, n: int) -> tuple[int, int, int, int]:
        """(blocks along m, blocks along n, number of blocks, threads per block)."""
        m_blocks = math.ceil(m / (self.m_threads * self.m_per_thread))
        n_blocks = math.ceil(n / (self.n_threads * self.n_per_thread))
        return m_blocks, n_blocks, g * m_blocks * n_blocks, self.m_threads * self.n_threads


def id2mat(tiling: GemmTiling, g: int, m: int, n: int) -> tuple[TransformMapAttr, ...]:
    """The maps from (bid, tid, iter) to GEMM coordinates (g, m, n)."""
    m_blocks, n_blocks, blocks, threads = tiling.grid(g, m, n)
    t = tiling
    split = make_transform_map(
        [
            TransformAttr("Merge", [g, m_blocks, n_blocks], ["bid"], [0], ["g", "m_block", "n_block"], [0, 1, 2]),
            TransformAttr("Merge", [t.m_threads, t.n_threads], ["tid"], [1], ["m_thread", "n_thread"], [3, 4]),
            TransformAttr("Merge", [t.m_per_thread, t.n_per_thread], ["iter"], [2], ["m_iter", "n_iter"], [5, 6]),
        ],
        [blocks, threads, t.m_per_thread * t.n_per_thread],
        [g, m_blocks, n_blocks, t.m_threads, t.n_threads, t.m_per_thread, t.n_per_thread],
    )
    padded_m = m_blocks * t.m_threads * t.m_per_thread
    padded_n = n_blocks * t.n_threads * t.n_per_thread
    join = make_transform_map(
        [
            TransformAttr("PassThrough", [], ["g"], [0], ["g"], [0]),
            TransformAttr("Unmerge", [m_blocks, t.m_threads, t.m_per_thread], ["m_block", "m_thread", "m_iter"], [1, 3, 5], ["m"], [1]),
            TransformAttr("Unmerge", [n_blocks, t.n_threads, t.n_per_thread], ["n_block", "n_thread", "n_iter"], [2, 4, 6], ["n"], [2]),
        ],
        split.lower,
        [g, padded_m, padded_n],
    )
    maps = [split, join]
    if (padded_m, padded_n) != (m, n):
        maps.append(
            make_transform_map(
                [
                    TransformAttr("PassThrough", [], ["g"], [0], ["g"], [0]),
                    TransformAttr("Pad", [0, padded_m - m, 0, padded_n - n], ["m", "n"], [1, 2], ["m", "n"], [1, 2]),
                ],
                [g, padded_m, padded_n],
                [g, m, n],
            )
        )
    return tuple(maps)


def gemm_to_threadwise(op: GridwiseGemmOp, tiling: GemmTiling) -> ThreadwiseWriteAllOp:
    """Replace `op` by the emulated grid computing register tiles and a threadwise_write_all."""
    g, k, m = op.a.type.get_shape()  # type: ignore[attr-defined]
    n = op.b.type.get_shape()[2]  # type: ignore[attr-defined]
    if min(g, k, m, n) < 0:
        emit_error(op, "rock-gemm-to-threadwise needs static shapes")
    maps = id2mat(tiling, g, m, n)
    _, _, blocks, threads = tiling.grid(g, m, n)
    registers = tiling.m_per_thread * tiling.n_per_thread
    element = op.c.type.element_type  # type: ignore[attr-defined]
    c_reg = AllocOp(MemRefType(element, [registers]))
    c_reg.output.name_hint = "c_reg"
    Rewriter.insert_op(c_reg, InsertPoint.before(op))
    written: list[ThreadwiseWriteAllOp] = []

    def thread(e: Emitter, ids: list[SSAValue]) -> None:
        bid, tid = ids
        bid.name_hint, tid.name_hint = "bid", "tid"

        def register(e: Emitter, iv: list[SSAValue]) -> None:
            ia = IRArith(e)
            coords, conditions = [bid, tid, iv[0]], []
            for tmap in maps:
                coords, more = apply_map(tmap, coords, ia)
                conditions += more
            value = dot_over_k(e, op, *coords, ia.all_of(conditions))
            e.emit(memref.StoreOp.get(value, c_reg.output, iv))

        loop_nest(e, [registers], register)
        store = ThreadwiseWriteAllOp(c_reg.output, op.c, maps, [bid, tid], op.features.data)
        e.emit(store)
        written.append(store)

    loop_nest(Emitter(InsertPoint.before(op)), [blocks, threads], thread)
    Rewriter.erase_op(op)
    return written[0]


def lower_gemms_to_threadwise(module: ModuleOp, tiling: GemmTiling) -> None:
    for op in [o for o in module.walk() if isinstance(o, GridwiseGemmOp)]:
        gemm_to_threadwise(op, tiling)


@dataclass(frozen=True)
class RockGemmToThreadwisePass(ModulePass):
    """Emulated-grid GEMM with register tiles and a rock.threadwise_write_all (see module doc).

    Options: `tile-sizes=M,N` (registers per thread, default 4,4), `threads=M,N` (threads per
    block, default 2,2).
    """

    name = "rock-gemm-to-threadwise"

    tile_sizes: tuple[int, ...] = field(default=(4, 4))
    threads: tuple[int, ...] = field(default=(2, 2))

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for option, value in (("tile-sizes", self.tile_sizes), ("threads", self.threads)):
            if len(value) != 2 or min(value) < 1:
                raise XfuseError(f"rock-gemm-to-threadwise: '{option}' takes two positive sizes (m,n), got {list(value)}")
        tiling = GemmTiling(self.tile_sizes[0], self.tile_sizes[1], self.threads[0], self.threads[1])
        lower_gemms_to_threadwise(op, tiling)
