"""`xfuse-share-buffers`: allocations whose lifetimes do not overlap share one buffer.

After bufferization every intermediate tensor of a network is a `memref.alloc` freed at the end
of its block, so peak memory is the sum of all of them. This memory-planning step gives buffers
that are never live at the same time the same memory:

1. **Candidates**, per block: `memref.alloc`s of that block with a static shape, the identity
   layout and the default memory space, freed by exactly one `memref.dealloc` in the same block,
   and whose memory does not escape: every use, through the views of it (`subview`, `cast`,
   `expand_shape`, `collapse_shape`, `reinterpret_cast`), is an op that returns no memref or
   tensor and is no terminator or call (a linalg op, copy, load, store, dim, ...). A returned
   buffer, one yielded by a loop or branch, or passed to a call is left as it is.
2. **Live range**: the positions in the block of the first and the last op that uses the buffer
   (an op nested in a loop counts as that loop's position); the alloc and its dealloc do not
   count, so buffers allocated early and freed late still share when their uses do not overlap.
   Two ranges that meet at one op overlap (that op may read one while writing the other). A
   buffer that is never used is removed.
3. **Placement** (xfuse/runtime/placement.py: offsets in one arena per block, largest buffer first, as TFLite's and IREE's
   planners do): each buffer goes at the lowest offset (a multiple of 64 bytes) where it overlaps
   no already placed buffer that is live at the same time. The arena's size is the end of the
   highest buffer: at least the most bytes live at once, at most their sum.
4. **Rewrite**: a block whose arena is smaller than its candidates' sum gets one `memref.alloc() {alignment = 64 :
   i64} : memref<Nxi8>` where its first candidate was allocated; every candidate becomes
   `memref.view %arena[%offset][]` of its old type, and the arena is freed where the last one was.

Dynamic-shaped buffers and buffers of blocks other than their dealloc's are not shared.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    TensorType,
    i8,
)
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from xfuse.diagnostics import format_diagnostic
from xfuse.runtime.placement import aligned, place

__all__ = ["BufferSharing", "ShareBuffersPass", "share_buffers"]

ARENA_ALIGNMENT = 64
"""Bytes: a cache line, and a whole AVX-512 vector."""

VIEW_OPS = (
    memref.SubviewOp,
    memref.CastOp,
    memref.ExpandShapeOp,
    memref.CollapseShapeOp,
    memref.ReinterpretCastOp,
)


@dataclass
class BufferSharing:
    """What `share_buffers` did in one function."""

    function: str
    buffers: int = 0
    """Candidates (static, freed in their block, not escaping)."""
    bytes_before: int = 0
    """Their total size."""
    bytes_after: int = 0
    """The total size of the memory they use now (arenas, and the buffers left alone)."""
    arenas: int = 0
    """Blocks whose buffers now live in one arena."""
    removed: int = 0
    """Buffers never used, removed."""

    def describe(self) -> str:
        return (
            f"share-buffers: @{self.function}: {self.buffers} buffers of {_size(self.bytes_before)} "
            f"now use {_size(self.bytes_after)} ({self.arenas} arenas, {self.removed} unused buffers "
            "removed)"
        )


def _size(n: int) -> str:
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


@dataclass
class _Buffer:
    alloc: memref.AllocOp
    dealloc: memref.DeallocOp
    nbytes: int
    first: int = -1
    last: int = -1
    offset: int = 0


def _static_bytes(alloc: memref.AllocOp) -> int | None:
    type_ = alloc.memref.type
    if not isinstance(type_, MemRefType) or alloc.dynamic_sizes or alloc.symbol_operands:
        return None
    if not isinstance(type_.layout, NoneAttr) or not isinstance(type_.memory_space, NoneAttr):
        return None
    width = getattr(type_.element_type, "bitwidth", None)
    shape = type_.get_shape()
    if not width or any(d < 0 for d in shape):
        return None
    count = 1
    for d in shape:
        count *= d
    return count * ((width + 7) // 8)


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current


def _returns_memory(op: Operation) -> bool:
    return any(isinstance(r.type, MemRefType | TensorType) for r in op.results)


def _buffer_of(alloc: memref.AllocOp, block: Block, index: dict[Operation, int]) -> _Buffer | None:
    """The candidate for `alloc` with its live range, or None when it is not one."""
    nbytes = _static_bytes(alloc)
    if nbytes is None:
        return None
    deallocs = [u.operation for u in alloc.memref.uses if isinstance(u.operation, memref.DeallocOp)]
    if len(deallocs) != 1 or deallocs[0].parent_block() is not block:
        return None
    buffer = _Buffer(alloc, deallocs[0], nbytes)
    positions: list[int] = []
    pending: list[SSAValue] = [alloc.memref]
    while pending:
        value = pending.pop()
        for use in value.uses:
            user = use.operation
            if user is buffer.dealloc:
                continue
            if isinstance(user, VIEW_OPS):
                pending.extend(user.results)
            elif (isinstance(user, memref.DeallocOp | func.CallOp) or user.has_trait(IsTerminator)
                  or _returns_memory(user)):
                return None  # freed, returned, yielded or aliased elsewhere: it escapes
            top = _ancestor_in(user, block)
            if top is None:
                return None
            positions.append(index[top])
    if positions:
        buffer.first, buffer.last = min(positions), max(positions)
    return buffer


def _aligned(n: int) -> int:
    return aligned(n, ARENA_ALIGNMENT)


def _place(buffers: list[_Buffer]) -> int:
    """Give every buffer its offset (xfuse/runtime/placement.py); returns the arena's size."""
    offsets, nbytes = place([b.nbytes for b in buffers], [b.first for b in buffers], [b.last for b in buffers],
                            ARENA_ALIGNMENT)
    for buffer, offset in zip(buffers, offsets, strict=True):
        buffer.offset = offset
    return nbytes


def _rewrite(buffers: list[_Buffer], nbytes: int, index: dict[Operation, int]) -> None:
    first_alloc = min((b.alloc for b in buffers), key=lambda op: index[op])
    last_dealloc = max((b.dealloc for b in buffers), key=lambda op: index[op])
    alignment = max(
        [ARENA_ALIGNMENT] + [b.alloc.alignment.value.data for b in buffers if b.alloc.alignment]
    )
    offsets = {o: arith.ConstantOp(IntegerAttr(o, IndexType()))
               for o in sorted({b.offset for b in buffers})}
    arena = memref.AllocOp.get(i8, alignment, [_aligned(nbytes)])
    Rewriter.insert_op([*offsets.values(), arena], InsertPoint.before(first_alloc))
    Rewriter.insert_op(memref.DeallocOp.get(arena), InsertPoint.before(last_dealloc))
    for buffer in buffers:
        view = memref.ViewOp(arena, offsets[buffer.offset], [], buffer.alloc.memref.type)
        Rewriter.replace_op(buffer.alloc, view)
        Rewriter.erase_op(buffer.dealloc)


def _share_in_block(block: Block, report: BufferSharing) -> None:
    allocs = [op for op in block.ops if isinstance(op, memref.AllocOp)]
    if not allocs:
        return
    index = {op: i for i, op in enumerate(block.ops)}
    buffers = [b for b in (_buffer_of(a, block, index) for a in allocs) if b is not None]
    report.buffers += len(buffers)
    report.bytes_before += sum(b.nbytes for b in buffers)
    for unused in [b for b in buffers if b.first < 0]:
        Rewriter.erase_op(unused.dealloc)
        Rewriter.erase_op(unused.alloc)
        report.removed += 1
    used = [b for b in buffers if b.first >= 0]
    if len(used) < 2:
        report.bytes_after += sum(b.nbytes for b in used)
        return
    nbytes = _place(used)
    if nbytes >= sum(b.nbytes for b in used):
        report.bytes_after += sum(b.nbytes for b in used)
        return  # all live at once: nothing to share
    report.bytes_after += nbytes
    report.arenas += 1
    _rewrite(used, nbytes, index)


def share_buffers(module: ModuleOp) -> list[BufferSharing]:
    """Share the memory of buffers with disjoint live ranges in every block (module doc)."""
    reports: list[BufferSharing] = []
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        report = BufferSharing(function.sym_name.data)
        blocks = [block for op in function.walk() for region in op.regions for block in region.blocks]
        for block in blocks:
            _share_in_block(block, report)
        reports.append(report)
    return reports


@dataclass(frozen=True)
class ShareBuffersPass(ModulePass):
    """Buffers never live at the same time share memory: one arena per block (after
    bufferization).

    Option `report`: print, per function, the bytes of the shareable buffers before and after
    as a remark on stderr."""

    name = "xfuse-share-buffers"

    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = {f.sym_name.data: f for f in op.walk() if isinstance(f, func.FuncOp)}
        for report in share_buffers(op):
            if self.report:
                print(format_diagnostic(report.describe(), functions[report.function], "remark"),
                      file=sys.stderr)
