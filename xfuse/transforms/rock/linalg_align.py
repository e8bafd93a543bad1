"""`rock-linalg-align`: rocMLIR's fusion of elementwise code into the GEMM's write-back (seed 002).

After `rock-regularize` every op between the GEMM and the output iterates in GEMM coordinates,
and after `rock-gemm-to-threadwise` the GEMM ends in
`rock.threadwise_write_all %regs -> [id2mat](%dest) [%bid, %tid]`. For each such store whose
destination is a temporary buffer B (through views), the readers of B are folded in:

- `fuse_generic`: a linalg.generic reading B through the store's own view stack. Its other
  inputs are loaded into registers with `rock.threadwise_read_into` through the same extra views
  (then their own views), the generic runs on registers, and the store is moved after it and
  redirected to the generic's output through that output's views.
- `fuse_copy`: a memref.copy reading B that way: the store writes the copy's target instead.

A reader is moved into the GEMM's loop only if nothing between the loop and the reader
conflicts with the buffers it reads and writes (`_can_move_into_loop`); fused code goes to the
end of the thread's body, and an extra input some earlier store of the thread writes through
the same views is forwarded from that store's registers (`_registers_holding`).

Chains repeat until the store writes a buffer that is not a temporary. When B has several
readers, the store is cloned for each fused reader (the original keeps writing B until its
last reader is fused). A temporary that still has readers is refused with rocMLIR's
diagnostic "could not use fusion to eliminate this intermediate buffer".
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import AffineMapAttr, MemRefType, ModuleOp
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error
from xfuse.dialects.rock import AllocOp, ThreadwiseReadIntoOp, ThreadwiseWriteAllOp, TransformOp
from xfuse.transforms.rock.regularize import Reader, is_temporary, uses_through_views
from xfuse.dialects.rock_attrs import TransformMapAttr
from xfuse.transforms.rock.views import NotInvertible, build_view_chain, invert_stack, simplify_stack, view_chain


def _top_level(op: Operation) -> Operation:
    """The ancestor of `op` directly in its function's body."""
    while not isinstance(op.parent_op(), func.FuncOp):
        parent = op.parent_op()
        assert parent is not None
        op = parent
    return op


def _hoist_before(value: SSAValue, anchor: Operation) -> None:
    """Move the allocation of `value` before `anchor` when it comes later in the same block."""
    owner = value.owner
    if not isinstance(owner, AllocOp | memref.AllocOp) or owner.parent_block() is not anchor.parent_block():
        return
    block = anchor.parent_block()
    assert block is not None
    order = {op: i for i, op in enumerate(block.ops)}
    if order[owner] > order[anchor]:
        owner.detach()
        block.insert_op_before(owner, anchor)


def _rebuild_before(value: SSAValue, store: ThreadwiseWriteAllOp) -> SSAValue:
    """`value` (a view chain) available at `store`: its buffer hoisted, its views rebuilt there."""
    base, stack = view_chain(value)
    _hoist_before(base, _top_level(store))
    return build_view_chain(base, stack, InsertPoint.before(store))


def _register_buffer(like: SSAValue, count: int, store: ThreadwiseWriteAllOp, hint: str) -> SSAValue:
    alloc = AllocOp(MemRefType(like.type.element_type, [count]))  # type: ignore[attr-defined]
    alloc.output.name_hint = hint
    Rewriter.insert_op(alloc, InsertPoint.before(_top_level(store)))
    return alloc.output


def _readers(buffer: SSAValue, store: ThreadwiseWriteAllOp) -> list[Reader]:
    return [r for r in uses_through_views(buffer) if r.op is not store and not _is_written(r)]


def _is_written(reader: Reader) -> bool:
    op = reader.op
    if isinstance(op, GenericOp):
        return reader.index >= len(op.inputs)
    if isinstance(op, memref.CopyOp):
        return reader.index == 1
    return isinstance(op, ThreadwiseWriteAllOp) and reader.index == 1


def _store_for(store: ThreadwiseWriteAllOp, readers: list[Reader]) -> ThreadwiseWriteAllOp:
    """The store to redirect (`store` itself for B's last reader, else a clone of it), moved to
    the end of the thread's body: after every store whose buffer the fused reader may read."""
    target = store if len(readers) == 1 else store.clone()
    block = store.parent_block()
    assert block is not None and block.last_op is not None
    if target is store:
        store.detach()
    block.insert_op_before(target, block.last_op)
    return target


def fuse_copy(store: ThreadwiseWriteAllOp, reader: Reader, readers: list[Reader]) -> ThreadwiseWriteAllOp:
    copy = reader.op
    assert isinstance(copy, memref.CopyOp)
    target = _store_for(store, readers)
    target.operands[1] = _rebuild_before(copy.destination, target)
    Rewriter.erase_op(copy)
    return target


def _registers_holding(operand: SSAValue, target: ThreadwiseWriteAllOp) -> SSAValue | None:
    """The registers of an earlier store of this thread writing exactly what `operand` reads at
    `target`'s coordinates (same buffer, views, extra views and indices), if there is one."""
    block = target.parent_block()
    assert block is not None
    for op in block.ops:
        if op is target:
            return None
        if (
            isinstance(op, ThreadwiseWriteAllOp)
            and _simplified(op.dest) == _simplified(operand)
            and op.extraViews == target.extraViews
            and tuple(op.extra_indices) == tuple(target.extra_indices)
        ):
            return op.source
    return None


def fuse_generic(store: ThreadwiseWriteAllOp, reader: Reader, readers: list[Reader]) -> ThreadwiseWriteAllOp:
    generic = reader.op
    assert isinstance(generic, GenericOp)
    count = store.source.type.get_shape()[0]  # type: ignore[attr-defined]
    target = _store_for(store, readers)
    registers: list[SSAValue] = []
    for index, operand in enumerate(generic.inputs):
        if index == reader.index:
            registers.append(target.source)
            continue
        forwarded = _registers_holding(operand, target)
        if forwarded is not None:
            registers.append(forwarded)
            continue
        buffer = _register_buffer(operand, count, target, f"{operand.name_hint or 'in'}_reg")
        view = _rebuild_before(operand, target)
        Rewriter.insert_op(
            ThreadwiseReadIntoOp(view, buffer, tuple(target.extraViews), tuple(target.extra_indices)),
            InsertPoint.before(target),
        )
        registers.append(buffer)
    out = _register_buffer(generic.outputs[0], count, target, "fused_reg")
    identity = AffineMapAttr(AffineMap.identity(1))
    on_registers = GenericOp(
        registers,
        [out],
        generic.body.clone(),
        [identity] * (len(registers) + 1),
        [IteratorTypeAttr(IteratorType.PARALLEL)],
    )
    Rewriter.insert_op(on_registers, InsertPoint.before(target))
    target.operands[0] = out
    target.operands[1] = _rebuild_before(generic.outputs[0], target)
    Rewriter.erase_op(generic)
    return target


def _writes(op: Operation, index: int) -> bool:
    """Whether operand `index` of `op` is written (unknown ops count as writing)."""
    if isinstance(op, GenericOp):
        return index >= len(op.inputs)
    if isinstance(op, memref.CopyOp | ThreadwiseWriteAllOp):
        return index == 1
    if isinstance(op, memref.StoreOp):
        return index == 1
    if isinstance(op, memref.LoadOp | ThreadwiseReadIntoOp):
        return isinstance(op, ThreadwiseReadIntoOp) and index == 1
    return not isinstance(op, TransformOp)


def _can_move_into_loop(reader: Operation, loop: Operation, fused: SSAValue) -> bool:
    """Whether `reader` may run inside `loop` instead of after it: nothing between them writes
    what it reads, or reads or writes what it writes (`fused`, the buffer being removed, aside)."""
    block = loop.parent_block()
    if reader.parent_block() is not block:
        return False
    reads: set[SSAValue] = set()
    writes: set[SSAValue] = set()
    for index, operand in enumerate(reader.operands):
        base, _ = view_chain(operand)
        if base is not fused:
            (writes if _writes(reader, index) else reads).add(base)
    between = False
    for op in block.ops:  # type: ignore[union-attr]
        if op is reader:
            return True
        if between:
            for inner in op.walk():
                if isinstance(inner, TransformOp):  # a view neither reads nor writes
                    continue
                for index, operand in enumerate(inner.operands):
                    base, _ = view_chain(operand)
                    if base in writes or (base in reads and _writes(inner, index)):
                        return False
        if op is loop:
            between = True
    return False


def _simplified(value: SSAValue) -> tuple[SSAValue, tuple[TransformMapAttr, ...]]:
    base, stack = view_chain(value)
    return base, simplify_stack(stack)


def _same_view(reader: Reader, store: ThreadwiseWriteAllOp) -> bool:
    """The reader sees exactly what the store writes, one element per GEMM coordinate."""
    if _simplified(reader.operand) != _simplified(store.dest):
        return False
    try:
        invert_stack(view_chain(store.dest)[1])
    except NotInvertible:
        return False
    return True


def _is_elementwise(op: Operation) -> bool:
    if isinstance(op, memref.CopyOp):
        return True
    assert isinstance(op, GenericOp)
    return len(op.outputs) == 1 and all(m.data == AffineMap.identity(m.data.num_dims) for m in op.get_indexing_maps())


def _erase_dead(buffer: SSAValue) -> None:
    """Erase a buffer nobody reads any more, with its views and the stores into it."""
    for use in list(buffer.uses):
        user = use.operation
        if isinstance(user, TransformOp):
            _erase_dead(user.output)
            if not user.output.uses:
                Rewriter.erase_op(user)
    if not buffer.uses and isinstance(buffer.owner, AllocOp | memref.AllocOp):
        Rewriter.erase_op(buffer.owner)


def align(module: ModuleOp) -> None:
    """Fuse every GEMM write-back with the generics and copies reading its buffer."""
    worklist = [op for op in module.walk() if isinstance(op, ThreadwiseWriteAllOp)]
    while worklist:
        store = worklist.pop(0)
        buffer, _ = view_chain(store.dest)
        if not is_temporary(buffer):
            continue
        readers = _readers(buffer, store)
        loop = _top_level(store)
        fusable = [
            r for r in readers
            if isinstance(r.op, GenericOp | memref.CopyOp)
            and _same_view(r, store)
            and _is_elementwise(r.op)
            and _can_move_into_loop(r.op, loop, buffer)
        ]
        if not fusable:
            continue
        reader = fusable[0]
        if isinstance(reader.op, memref.CopyOp):
            fused = fuse_copy(store, reader, readers)
        else:
            fused = fuse_generic(store, reader, readers)
        worklist.append(fused)
        if fused is not store:
            worklist.append(store)
        if not _readers(buffer, store) and fused is store:
            _erase_dead(buffer)
    for op in list(module.walk()):  # stores into temporaries nobody reads any more
        if isinstance(op, ThreadwiseWriteAllOp):
            buffer, _ = view_chain(op.dest)
            if is_temporary(buffer) and not _readers(buffer, op):
                Rewriter.erase_op(op)
                _erase_dead(buffer)
    for op in reversed(list(module.walk())):  # views nobody reads any more
        if isinstance(op, TransformOp) and not op.output.uses:
            Rewriter.erase_op(op)
    for op in list(module.walk()):
        if isinstance(op, ThreadwiseWriteAllOp):
            buffer, _ = view_chain(op.dest)
            if is_temporary(buffer) and _readers(buffer, op):
                emit_error(buffer.owner, "could not use fusion to eliminate this intermediate buffer")  # type: ignore[arg-type]


@dataclass(frozen=True)
class RockLinalgAlignPass(ModulePass):
    """rocMLIR's `rock-linalg-align`: fuse elementwise readers into the GEMM's write-back."""

    name = "rock-linalg-align"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        align(op)
