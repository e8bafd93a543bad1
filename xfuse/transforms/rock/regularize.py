"""`rock-regularize`: global view regularization of rocMLIR's new fusion system (seed 002).

On every function with the `kernel` attribute, in the seed's order:

1. `views_from_reshapes` — memref.expand_shape / collapse_shape become rock.transform
   (Unmerge / Merge), so general-purpose rewrites cannot interfere later.
2. `regularize_generics` — every linalg.generic gets identity indexing maps: a transposed or
   broadcast operand becomes a rock.transform view of the iteration domain. Refused: a reduction
   iterator ("Only fully parallel supported"), more than one output.
3. `isolate_readers` — a buffer read through several different views gets one copy per extra
   view, so each buffer on the output path has one view to pull.
4. `pull_reader_views` — "pull reader views onto writers": a temporary read through view V is
   replaced by a new buffer of V's type; the writer writes through inv(V). A view with no
   inverse is a diagnostic on the reader, naming the map.
5. `push_writer_views` — "push writer views onto readers", from the GEMM down: every
   elementwise reader (linalg.generic, memref.copy) of a buffer the GEMM wrote through stack S
   is re-expressed in GEMM coordinates by putting S (then the inverse of the reader's own view)
   on every operand; its output's stack is pushed further, up to the function's output.
   On the input side, a GEMM operand written through a view W gets a buffer of W's type, and
   the GEMM reads it through inv(W).

After it, every op between the GEMM and the function's output buffer iterates in GEMM
coordinates, which `rock-gemm-to-threadwise` and `rock-linalg-align` rely on.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, MemRefType, ModuleOp
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error
from xfuse.dialects.memref import CopyOp
from xfuse.dialects.rock import AllocOp, GridwiseGemmOp, TransformOp
from xfuse.transforms.rock.views import (
    NotInvertible,
    TransformStack,
    build_view_chain,
    indexing_map_view,
    invert_stack,
    reshape_view,
    simplify_stack,
    view_chain,
)

# ---------------------------------------------------------------------------------------------
# 1-2: reshapes and generics
# ---------------------------------------------------------------------------------------------


def views_from_reshapes(function: func.FuncOp) -> None:
    for op in list(function.walk()):
        if isinstance(op, memref.ExpandShapeOp | memref.CollapseShapeOp):
            try:
                tmap = reshape_view(op)
            except NotInvertible as reason:
                emit_error(op, f"rock-regularize: {reason}")
            view = TransformOp(op.src, tmap, op.result.type)
            Rewriter.replace_op(op, view)


def regularize_generics(function: func.FuncOp) -> None:
    for op in list(function.walk()):
        if isinstance(op, GenericOp):
            regularize_generic(op)


def regularize_generic(op: GenericOp) -> None:
    """Identity indexing maps: non-identity operands become rock.transform views."""
    if op.res:
        emit_error(op, "rock-regularize works on memref linalg.generic ops")
    if any(t.data != IteratorType.PARALLEL for t in op.iterator_types):
        emit_error(op, "Only fully parallel supported")
    if len(op.outputs) != 1:
        emit_error(op, "rock-regularize supports linalg.generic with one output")
    if any(isinstance(inner, IndexOp) for inner in op.body.walk()):
        emit_error(op, "rock-regularize cannot move a linalg.generic using linalg.index to other coordinates")
    try:
        domain = list(op.get_static_loop_ranges())
    except Exception:  # noqa: BLE001 - xDSL raises various errors on maps it cannot invert
        emit_error(op, "rock-regularize cannot derive the loop bounds of this linalg.generic")
    if any(d < 0 for d in domain):
        emit_error(op, "rock-regularize needs static shapes")
    maps = [m.data for m in op.get_indexing_maps()]
    identity = AffineMap.identity(len(domain))
    if all(m == identity for m in maps):
        return
    point = InsertPoint.before(op)
    for index, (operand, amap) in enumerate(zip(op.operands, maps, strict=True)):
        if amap == identity:
            continue
        shape = list(operand.type.get_shape())  # type: ignore[attr-defined]
        try:
            view = indexing_map_view(amap, domain, shape)
        except NotInvertible as reason:
            emit_error(op, f"cannot express indexing map #{index} as a view: {reason}")
        op.operands[index] = build_view_chain(operand, (view,), point)
    op.indexing_maps = ArrayAttr([AffineMapAttr(identity)] * len(maps))


# ---------------------------------------------------------------------------------------------
# Readers of a buffer
# ---------------------------------------------------------------------------------------------


@dataclass
class Reader:
    """An op using `buffer` through the view chain `stack` (as operand `index`)."""

    op: Operation
    index: int
    stack: TransformStack

    @property
    def operand(self) -> SSAValue:
        return self.op.operands[self.index]


def uses_through_views(buffer: SSAValue) -> list[Reader]:
    """Every non-view use of `buffer`, directly or through rock.transform chains (program order)."""
    found: list[Reader] = []
    for use in list(buffer.uses):
        user = use.operation
        if isinstance(user, TransformOp):
            for inner in uses_through_views(user.output):
                found.append(Reader(inner.op, inner.index, (*inner.stack, user.transform)))
        else:
            found.append(Reader(user, use.index, ()))
    return found


def _is_output(op: Operation, index: int) -> bool:
    if isinstance(op, GenericOp):
        return index >= len(op.inputs)
    if isinstance(op, memref.CopyOp):
        return index == 1
    if isinstance(op, GridwiseGemmOp):
        return index == 2
    return False


def is_temporary(buffer: SSAValue) -> bool:
    return isinstance(buffer.owner, memref.AllocOp | AllocOp)


def _alloc_like(buffer_type: MemRefType, shape: tuple[int, ...], point: InsertPoint) -> SSAValue:
    op = AllocOp(MemRefType(buffer_type.element_type, shape))
    Rewriter.insert_op(op, point)
    return op.output


# ---------------------------------------------------------------------------------------------
# 3-4: isolation and pulling reader views onto writers
# ---------------------------------------------------------------------------------------------


def _reallocate_in_view(buffer: SSAValue, use: Reader, what: str) -> SSAValue:
    """Replace the temporary `buffer` by a new one in the coordinates of `use`'s view: `use.op`
    accesses the new buffer directly, every other user through the inverse of that view (the
    pull and the push of global regularization both do this). A view that cannot be inverted is
    a diagnostic at `use.op` saying it cannot `what`."""
    try:
        inverse = invert_stack(use.stack)
    except NotInvertible as reason:
        emit_error(use.op, f"cannot {what}: {reason}")
    alloc = buffer.owner
    assert isinstance(alloc, Operation)
    new_buffer = _alloc_like(buffer.type, use.stack[0].upper, InsertPoint.before(alloc))  # type: ignore[arg-type]
    old_view = build_view_chain(new_buffer, inverse, InsertPoint.before(alloc))
    _rename(buffer, new_buffer, old_view)
    buffer.replace_all_uses_with(old_view)
    Rewriter.erase_op(alloc)
    use.op.operands[use.index] = new_buffer
    _erase_dead_views(new_buffer)
    return new_buffer


def _pending_readers(buffer: SSAValue, writer: Operation, done: Collection[Operation]) -> list[Reader]:
    """Readers of `buffer` other than its writer and the ops already in GEMM coordinates."""
    return [
        r for r in uses_through_views(buffer)
        if r.op is not writer and r.op not in done and not _is_output(r.op, r.index)
    ]


def isolate_readers(buffer: SSAValue, writer: Operation, done: Collection[Operation] = ()) -> None:
    """Give each reader with a different view than the first one its own copy of `buffer`."""
    readers = _pending_readers(buffer, writer, done)
    views = [r.stack for r in readers if r.stack]
    if len(set(views)) <= 1:
        return
    first = views[0]
    for reader in readers:
        if reader.stack and reader.stack != first:
            copy_target = _alloc_like(buffer.type, tuple(buffer.type.get_shape()), InsertPoint.after(writer))  # type: ignore[attr-defined]
            copy = CopyOp(buffer, copy_target)
            Rewriter.insert_op(copy, InsertPoint.after(copy_target.owner))  # type: ignore[arg-type]
            reader.op.operands[reader.index] = build_view_chain(copy_target, reader.stack, InsertPoint.before(reader.op))


def pull_reader_views(buffer: SSAValue, writer: Operation, done: Collection[Operation] = ()) -> SSAValue:
    """Replace the temporary `buffer` by one of its reader's view type; return the new buffer.

    Readers already moved to GEMM coordinates (`done`) read it through the writer's own view and
    keep doing so."""
    readers = _pending_readers(buffer, writer, done)
    viewed = [r for r in readers if r.stack]
    if not viewed or not is_temporary(buffer):
        return buffer
    return _reallocate_in_view(buffer, viewed[0], "pull this view onto the writer of its buffer")


def _rename(old: SSAValue, new: SSAValue, old_view: SSAValue) -> None:
    """The new buffer keeps the old name; the view standing for the old buffer is `<name>_inv`."""
    if old.name_hint:
        new.name_hint = old.name_hint
        if old_view is not new:
            old_view.name_hint = f"{old.name_hint}_inv"


def _erase_dead_views(buffer: SSAValue) -> None:
    changed = True
    while changed:
        changed = False
        for use in list(buffer.uses):
            user = use.operation
            if isinstance(user, TransformOp):
                _erase_dead_views(user.output)
                if not user.output.uses:
                    Rewriter.erase_op(user)
                    changed = True


# ---------------------------------------------------------------------------------------------
# 5: pushing writer views onto readers
# ---------------------------------------------------------------------------------------------


def _domain_stack_op(op: Operation) -> bool:
    return isinstance(op, GenericOp | memref.CopyOp)


def push_writer_views(gemm: GridwiseGemmOp) -> None:
    """From the GEMM down: every elementwise reader re-expressed in GEMM coordinates."""
    frontier: list[tuple[SSAValue, Operation, SSAValue]] = []  # (buffer, writer, writer's operand)
    buffer, _ = view_chain(gemm.c)
    frontier.append((buffer, gemm, gemm.c))
    done: set[Operation] = {gemm}
    while frontier:
        buffer, writer, written = frontier.pop(0)
        if is_temporary(buffer):
            isolate_readers(buffer, writer, done)
            buffer = pull_reader_views(buffer, writer, done)
            written = next(
                (writer.operands[r.index] for r in uses_through_views(buffer) if r.op is writer and _is_output(r.op, r.index)),
                written,
            )
        _, writer_stack = view_chain(written)
        for reader in uses_through_views(buffer):
            if reader.op in done or _is_output(reader.op, reader.index):
                continue
            if not _domain_stack_op(reader.op):
                continue
            try:  # a reader may only move to GEMM coordinates if they cover its buffer one to one
                invert_stack(writer_stack)
            except NotInvertible as reason:
                emit_error(reader.op, f"cannot move this op to GEMM coordinates: the writer's view is not a bijection: {reason}")
            done.add(reader.op)
            out_index = len(reader.op.operands) - 1
            rebase_onto_gemm_coordinates(reader, writer_stack, written)
            out_value = reader.op.operands[out_index]
            out_buffer, _ = view_chain(out_value)
            frontier.append((out_buffer, reader.op, out_value))


def rebase_onto_gemm_coordinates(reader: Reader, writer_stack: TransformStack, written: SSAValue) -> None:
    """Iterate `reader.op` over GEMM coordinates: stack (S, inv(C)) on each operand.

    S maps GEMM coordinates to the frontier buffer, C the reader's domain to the same buffer;
    on the operand that reads the frontier, inv(C) then C cancel and the writer's own view is
    reused.
    """
    op = reader.op
    try:
        inverse = invert_stack(simplify_stack(reader.stack))
    except NotInvertible as reason:
        emit_error(op, f"cannot move this op to GEMM coordinates: {reason}")
    prefix = (*writer_stack, *inverse)
    point = InsertPoint.before(op)
    for index, operand in enumerate(list(op.operands)):
        if index == reader.index:
            op.operands[index] = written
        else:
            op.operands[index] = build_view_chain(operand, prefix, point)
    if isinstance(op, GenericOp):
        rank = len(writer_stack[0].upper) if writer_stack else len(written.type.get_shape())  # type: ignore[attr-defined]
        identity = AffineMapAttr(AffineMap.identity(rank))
        op.indexing_maps = ArrayAttr([identity] * len(op.operands))
        op.iterator_types = ArrayAttr([IteratorTypeAttr(IteratorType.PARALLEL)] * rank)


def push_input_views(gemm: GridwiseGemmOp) -> None:
    """A GEMM operand written through a view W: give it a buffer of W's type, read it through inv(W)."""
    for operand in (gemm.a, gemm.b):
        buffer, _ = view_chain(operand)
        if not is_temporary(buffer):
            continue
        writers = [r for r in uses_through_views(buffer) if _is_output(r.op, r.index) and r.stack]
        if len(writers) != 1 or not _domain_stack_op(writers[0].op):
            continue
        _reallocate_in_view(buffer, writers[0], "push this view onto the readers of its buffer")


# ---------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------


def regularize(module: ModuleOp) -> None:
    """Run the five steps on every function with the `kernel` attribute."""
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        if "kernel" not in function.attributes:
            continue
        views_from_reshapes(function)
        regularize_generics(function)
        for gemm in [op for op in function.walk() if isinstance(op, GridwiseGemmOp)]:
            push_input_views(gemm)
            push_writer_views(gemm)


@dataclass(frozen=True)
class RockRegularizePass(ModulePass):
    """rocMLIR's global view regularization (see `regularize`)."""

    name = "rock-regularize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        regularize(op)

