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
3. **Assignment** (interval colouring, greedy in order of first use): a buffer goes to a free
   slab (one whose buffers are all dead by then) of the smallest size that holds it, else to the
   largest free slab (which grows), else to a new slab.
4. **Rewrite**: each slab shared by two or more buffers is one `memref.alloc() {alignment = 64}
   : memref<Nxi8>` where its first buffer was allocated; every buffer becomes
   `memref.view %slab[%c0][]` of its old type, and the slab is freed where its last buffer was.

Dynamic-shaped buffers and buffers of blocks other than their dealloc's are not shared.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

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

__all__ = ["BufferSharing", "ShareBuffersPass", "share_buffers"]

SLAB_ALIGNMENT = 64
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
    """The total size of the memory they use now (slabs, and the buffers left alone)."""
    slabs: int = 0
    """Slabs shared by two buffers or more."""
    removed: int = 0
    """Buffers never used, removed."""

    def describe(self) -> str:
        return (
            f"share-buffers: @{self.function}: {self.buffers} buffers of {_size(self.bytes_before)} "
            f"now use {_size(self.bytes_after)} ({self.slabs} shared slabs, {self.removed} unused "
            "buffers removed)"
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


@dataclass
class _Slab:
    nbytes: int
    end: int
    members: list[_Buffer] = field(default_factory=list)


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


def _assign(buffers: list[_Buffer]) -> list[_Slab]:
    slabs: list[_Slab] = []
    for buffer in sorted(buffers, key=lambda b: (b.first, -b.nbytes)):
        free = [s for s in slabs if s.end < buffer.first]
        holding = [s for s in free if s.nbytes >= buffer.nbytes]
        if holding:
            slab = min(holding, key=lambda s: s.nbytes)
        elif free:
            slab = max(free, key=lambda s: s.nbytes)
            slab.nbytes = buffer.nbytes
        else:
            slab = _Slab(buffer.nbytes, buffer.last)
            slabs.append(slab)
        slab.end = buffer.last
        slab.members.append(buffer)
    return slabs


def _rewrite(slab: _Slab, index: dict[Operation, int]) -> None:
    first_alloc = min((b.alloc for b in slab.members), key=lambda op: index[op])
    last_dealloc = max((b.dealloc for b in slab.members), key=lambda op: index[op])
    alignment = max(
        [SLAB_ALIGNMENT] + [b.alloc.alignment.value.data for b in slab.members if b.alloc.alignment]
    )
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    nbytes = -(-slab.nbytes // SLAB_ALIGNMENT) * SLAB_ALIGNMENT
    whole = memref.AllocOp.get(i8, alignment, [nbytes])
    Rewriter.insert_op([zero, whole], InsertPoint.before(first_alloc))
    Rewriter.insert_op(memref.DeallocOp.get(whole), InsertPoint.before(last_dealloc))
    for buffer in slab.members:
        view = memref.ViewOp(whole, zero, [], buffer.alloc.memref.type)
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
    slabs = _assign([b for b in buffers if b.first >= 0])
    report.bytes_after += sum(s.nbytes for s in slabs)
    for slab in slabs:
        if len(slab.members) > 1:
            _rewrite(slab, index)
            report.slabs += 1


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
    """Buffers never live at the same time share one allocation (after bufferization).

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
