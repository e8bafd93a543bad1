"""`rock-to-loops`: every rock op to scf/memref/arith, so the backend runs rock kernels on the CPU.

- An access through a `rock.transform` chain becomes index arithmetic per transformation kind
  (`views.apply_transform` interpreted by `IRArith`) on the chain's base buffer; a Pad or Embed
  coordinate outside its buffer makes the access invalid: an `scf.if` reads 0 instead and drops
  a write.
- The ops that touch views (linalg.generic, memref.copy, memref.load/store, rock.gridwise_gemm,
  rock.threadwise_read_into / write_all) become `scf.for` nests over their iteration spaces.
  A linalg.generic touching no view is left to mlir-opt.
- `rock.alloc` becomes `memref.alloc`, freed before the end of its block.
- `rock.workgroup_id` / `rock.workitem_id`: the function's body is run for every (block, thread)
  of its `grid_size` x `block_size` attributes (rocMLIR's kernel attributes), as `scf.for` loops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf, vector
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    VectorType,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.ir.affine import AffineBinaryOpExpr, AffineBinaryOpKind, AffineConstantExpr, AffineDimExpr, AffineExpr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error
from xfuse.dialects.rock import (
    AllocOp,
    GridwiseGemmOp,
    ThreadwiseReadIntoOp,
    ThreadwiseWriteAllOp,
    TransformOp,
    WorkgroupIdOp,
    WorkitemIdOp,
)
from xfuse.dialects.rock_attrs import TransformMapAttr
from xfuse.transforms.rock.views import apply_map, view_chain

# ---------------------------------------------------------------------------------------------
# Emitting index arithmetic
# ---------------------------------------------------------------------------------------------


class Emitter:
    """Inserts ops at one point; `IRArith` and the loop builders go through it."""

    def __init__(self, point: InsertPoint):
        self.point = point

    def emit(self, op: Operation) -> Operation:
        Rewriter.insert_op(op, self.point)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.emit(op).results[0]


class IRArith:
    """`views.Arith` on `index` SSA values (constants folded, so static views cost nothing)."""

    def __init__(self, emitter: Emitter):
        self.emitter = emitter
        self.known: dict[SSAValue, int] = {}

    def const(self, value: int) -> SSAValue:
        result = self.emitter.value(arith.ConstantOp.from_int_and_width(value, IndexType()))
        self.known[result] = value
        return result

    def _binary(self, op: type[Operation], a: SSAValue, b: SSAValue, fold: Callable[[int, int], int]) -> SSAValue:
        if a in self.known and b in self.known:
            return self.const(fold(self.known[a], self.known[b]))
        return self.emitter.value(op(a, b))  # type: ignore[call-arg]

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if self.known.get(b) == 0:
            return a
        if self.known.get(a) == 0:
            return b
        return self._binary(arith.AddiOp, a, b, lambda x, y: x + y)

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if self.known.get(b) == 0:
            return a
        return self._binary(arith.SubiOp, a, b, lambda x, y: x - y)

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if self.known.get(b) == 1:
            return a
        if self.known.get(a) == 1:
            return b
        return self._binary(arith.MuliOp, a, b, lambda x, y: x * y)

    def floordiv(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if self.known.get(b) == 1:
            return a
        return self._binary(arith.FloorDivSIOp, a, b, lambda x, y: x // y)

    def mod(self, a: SSAValue, b: SSAValue) -> SSAValue:
        # Coordinates are non-negative wherever an access is valid, so remsi is mod there.
        return self._binary(arith.RemSIOp, a, b, lambda x, y: x % y)

    def in_range(self, a: SSAValue, size: int) -> SSAValue | None:
        if a in self.known:
            return None if 0 <= self.known[a] < size else self.false()
        zero, bound = self.const(0), self.const(size)
        low = self.emitter.value(arith.CmpiOp(a, zero, "sge"))
        high = self.emitter.value(arith.CmpiOp(a, bound, "slt"))
        return self.emitter.value(arith.AndIOp(low, high))

    def false(self) -> SSAValue:
        return self.emitter.value(arith.ConstantOp.from_int_and_width(0, 1))

    def all_of(self, conditions: Sequence[SSAValue]) -> SSAValue | None:
        if not conditions:
            return None
        result = conditions[0]
        for condition in conditions[1:]:
            result = self.emitter.value(arith.AndIOp(result, condition))
        return result

    def affine(self, expr: AffineExpr, dims: Sequence[SSAValue]) -> SSAValue:
        """An indexing-map result on loop indices."""
        if isinstance(expr, AffineDimExpr):
            return dims[expr.position]
        if isinstance(expr, AffineConstantExpr):
            return self.const(expr.value)
        if isinstance(expr, AffineBinaryOpExpr):
            lhs, rhs = self.affine(expr.lhs, dims), self.affine(expr.rhs, dims)
            if expr.kind == AffineBinaryOpKind.Add:
                return self.add(lhs, rhs)
            if expr.kind == AffineBinaryOpKind.Mul:
                return self.mul(lhs, rhs)
            if expr.kind == AffineBinaryOpKind.FloorDiv:
                return self.floordiv(lhs, rhs)
            if expr.kind == AffineBinaryOpKind.Mod:
                return self.mod(lhs, rhs)
        raise NotImplementedError(f"affine expression {expr}")


# ---------------------------------------------------------------------------------------------
# Accesses through views
# ---------------------------------------------------------------------------------------------


def is_view(value: SSAValue) -> bool:
    return isinstance(value.owner, TransformOp)


@dataclass
class Access:
    buffer: SSAValue
    indices: list[SSAValue]
    valid: SSAValue | None  # None: always valid


def access(ia: IRArith, value: SSAValue, coords: Sequence[SSAValue], extra: Sequence[TransformMapAttr] = ()) -> Access:
    """Where `value[coords]` (seen through `extra` views first) lives, and whether it exists."""
    buffer, chain = view_chain(value)
    indices, conditions = list(coords), []
    for tmap in (*extra, *chain):
        indices, more = apply_map(tmap, indices, ia)
        conditions += more
    return Access(buffer, indices, ia.all_of(conditions))


def zero_of(element: Attribute) -> Operation:
    if isinstance(element, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, element))
    if isinstance(element, IntegerType | IndexType):
        return arith.ConstantOp(IntegerAttr(0, element))
    raise NotImplementedError(f"no zero of {element}")


def load(emitter: Emitter, where: Access) -> SSAValue:
    """`where`'s element, or 0 when it is invalid."""
    element = where.buffer.type.element_type  # type: ignore[attr-defined]
    if where.valid is None:
        return emitter.value(memref.LoadOp.get(where.buffer, where.indices))
    loaded = memref.LoadOp.get(where.buffer, where.indices)
    zero = zero_of(element)
    guarded = scf.IfOp(
        where.valid, [element], [loaded, scf.YieldOp(loaded)], [zero, scf.YieldOp(zero)]
    )
    return emitter.value(guarded)


def store(emitter: Emitter, value: SSAValue, where: Access) -> None:
    """Write `value` to `where`, unless it is invalid."""
    op = memref.StoreOp.get(value, where.buffer, where.indices)
    if where.valid is None:
        emitter.emit(op)
    else:
        emitter.emit(scf.IfOp(where.valid, [], [op, scf.YieldOp()]))


def loop_nest(
    emitter: Emitter, bounds: Sequence[int], body: Callable[[Emitter, list[SSAValue]], None]
) -> None:
    """`scf.for` loops over `bounds` (outermost first) around what `body` emits."""
    if not bounds:
        body(emitter, [])
        return
    outer = IRArith(emitter)
    zero, one, upper = outer.const(0), outer.const(1), outer.const(bounds[0])
    block = Block(arg_types=[IndexType()])
    emitter.emit(scf.ForOp(zero, upper, one, [], block))
    block.add_op(scf.YieldOp())
    inner = Emitter(InsertPoint.before(block.last_op))  # type: ignore[arg-type]
    loop_nest(inner, bounds[1:], lambda e, ivs: body(e, [block.args[0], *ivs]))


# ---------------------------------------------------------------------------------------------
# Op lowerings
# ---------------------------------------------------------------------------------------------


def _static_shape(op: Operation, value: SSAValue) -> list[int]:
    shape = list(value.type.get_shape())  # type: ignore[attr-defined]
    if any(d < 0 for d in shape):
        emit_error(op, "rock-to-loops needs static shapes")
    return shape


def dot_over_k(
    e: Emitter,
    gemm: GridwiseGemmOp,
    g: SSAValue,
    m: SSAValue,
    n: SSAValue,
    valid: SSAValue | None = None,
) -> SSAValue:
    """sum_k A[g, k, m] * B[g, k, n] as an `scf.for` reduction; loads give 0 where `valid` is false."""
    element = gemm.c.type.element_type  # type: ignore[attr-defined]
    is_float = isinstance(element, AnyFloat)
    ia = IRArith(e)
    k = gemm.a.type.get_shape()[1]  # type: ignore[attr-defined]
    zero = e.value(zero_of(element))
    block = Block(arg_types=[IndexType(), element])
    loop = scf.ForOp(ia.const(0), ia.const(k), ia.const(1), [zero], block)
    e.emit(loop)
    inner = Emitter(InsertPoint.at_end(block))
    kia = IRArith(inner)
    k_index, acc = block.args
    values = []
    for operand, indices in ((gemm.a, [g, k_index, m]), (gemm.b, [g, k_index, n])):
        place = access(kia, operand, indices)
        place.valid = kia.all_of([c for c in (valid, place.valid) if c is not None])
        values.append(load(inner, place))
    product = inner.value(arith.MulfOp(*values) if is_float else arith.MuliOp(*values))
    inner.emit(scf.YieldOp(inner.value(arith.AddfOp(acc, product) if is_float else arith.AddiOp(acc, product))))
    return loop.results[0]


def lower_gridwise_gemm(op: GridwiseGemmOp) -> None:
    """C[g, m, n] = sum_k A[g, k, m] * B[g, k, n], every access through its views."""
    g, _, m = _static_shape(op, op.a)
    n = _static_shape(op, op.b)[2]

    def body(e: Emitter, ivs: list[SSAValue]) -> None:
        store(e, dot_over_k(e, op, *ivs), access(IRArith(e), op.c, ivs))

    loop_nest(Emitter(InsertPoint.before(op)), [g, m, n], body)
    Rewriter.erase_op(op)


_COMBINE = {
    "atomic_add": (arith.AddfOp, arith.AddiOp),
    "atomic_max": (arith.MaximumfOp, arith.MaxSIOp),
}
"""Store methods other than `set`: (float op, integer op) combining the old and the new value.
The emulated grid runs one thread at a time, so a read-modify-write is atomic."""


def lower_write_all(op: ThreadwiseWriteAllOp) -> None:
    method = op.storeMethod.data
    count = _static_shape(op, op.source)[0]
    element = op.dest.type.element_type  # type: ignore[attr-defined]

    def body(e: Emitter, ivs: list[SSAValue]) -> None:
        ia = IRArith(e)
        value = load(e, access(ia, op.source, ivs))
        place = access(ia, op.dest, [*op.extra_indices, *ivs], tuple(op.extraViews))
        if method in _COMBINE:
            float_op, int_op = _COMBINE[method]
            combine = float_op if isinstance(element, AnyFloat) else int_op
            value = e.value(combine(load(e, place), value))  # type: ignore[call-arg]
        store(e, value, place)

    loop_nest(Emitter(InsertPoint.before(op)), [count], body)
    Rewriter.erase_op(op)


def lower_read_into(op: ThreadwiseReadIntoOp) -> None:
    """A loop over the registers; the validity result, if used, is built in the loop's iter_args."""
    count = _static_shape(op, op.dest)[0]
    with_mask = op.validities is not None and bool(op.validities.uses)
    mask_type = VectorType(i1, [count])
    before = Emitter(InsertPoint.before(op))
    outer = IRArith(before)
    initial = [before.value(arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(mask_type, [0] * count)))] if with_mask else []
    block = Block(arg_types=[IndexType(), *(mask_type for _ in initial)])
    loop = scf.ForOp(outer.const(0), outer.const(count), outer.const(1), initial, block)
    before.emit(loop)
    e = Emitter(InsertPoint.at_end(block))
    ia = IRArith(e)
    r = block.args[0]
    place = access(ia, op.source, [*op.extra_indices, r], tuple(op.extraViews))
    given = [e.value(vector.ExtractOp(v, [r], i1)) for v in op.dynamic_validities]
    place.valid = ia.all_of([c for c in (place.valid, *given) if c is not None])
    store(e, load(e, place), access(ia, op.dest, [r]))
    if with_mask:
        valid = place.valid if place.valid is not None else e.value(arith.ConstantOp.from_int_and_width(1, 1))
        e.emit(scf.YieldOp(e.value(vector.InsertOp(valid, block.args[1], [r]))))
        op.validities.replace_all_uses_with(loop.results[0])  # type: ignore[union-attr]
    else:
        e.emit(scf.YieldOp())
    Rewriter.erase_op(op)


def lower_copy(op: memref.CopyOp) -> None:
    shape = _static_shape(op, op.source)

    def body(e: Emitter, ivs: list[SSAValue]) -> None:
        ia = IRArith(e)
        store(e, load(e, access(ia, op.source, ivs)), access(ia, op.destination, ivs))

    loop_nest(Emitter(InsertPoint.before(op)), shape, body)
    Rewriter.erase_op(op)


def lower_load(op: memref.LoadOp) -> None:
    e = Emitter(InsertPoint.before(op))
    value = load(e, access(IRArith(e), op.memref, list(op.indices)))
    Rewriter.replace_op(op, [], [value])


def lower_store(op: memref.StoreOp) -> None:
    e = Emitter(InsertPoint.before(op))
    store(e, op.value, access(IRArith(e), op.memref, list(op.indices)))
    Rewriter.erase_op(op)


def lower_generic(op: GenericOp) -> None:
    """A memref linalg.generic on views as loops: loads, the body cloned, stores."""
    if op.res:
        emit_error(op, "rock-to-loops lowers linalg.generic on memrefs only")
    maps = [m.data for m in op.get_indexing_maps()]
    operands = [*op.inputs, *op.outputs]
    try:
        bounds = list(op.get_static_loop_ranges())
    except Exception:  # noqa: BLE001 - xDSL raises various errors on maps it cannot invert
        emit_error(op, "rock-to-loops cannot derive the loop bounds of this linalg.generic")
    if any(b < 0 for b in bounds):
        emit_error(op, "rock-to-loops needs static shapes")
    body_block = op.body.block

    def body(e: Emitter, ivs: list[SSAValue]) -> None:
        ia = IRArith(e)
        places = [access(ia, v, [ia.affine(x, ivs) for x in m.results]) for v, m in zip(operands, maps, strict=True)]
        values: dict[SSAValue, SSAValue] = {}
        for arg, place in zip(body_block.args, places, strict=True):
            if arg.uses:
                values[arg] = load(e, place)
        yielded: list[SSAValue] = []
        for inner in body_block.ops:
            if isinstance(inner, YieldOp):
                yielded = [values.get(v, v) for v in inner.operands]
                break
            if isinstance(inner, IndexOp):
                values[inner.result] = ivs[inner.dim.value.data]
                continue
            clone = inner.clone(value_mapper=values)
            e.emit(clone)
        for value, place in zip(yielded, places[len(op.inputs) :], strict=True):
            store(e, value, place)

    loop_nest(Emitter(InsertPoint.before(op)), bounds, body)
    Rewriter.erase_op(op)


def lower_alloc(op: AllocOp) -> None:
    """rock.alloc -> memref.alloc, freed before the end of its block (unless the block returns it)."""
    result_type = op.output.type
    new = memref.AllocOp([], [], result_type)  # type: ignore[arg-type]
    Rewriter.replace_op(op, new)
    block = new.parent_block()
    if block is None or block.last_op is None:
        return
    terminator = block.last_op
    if any(use.operation is terminator for use in new.memref.uses):
        return
    Rewriter.insert_op(memref.DeallocOp.get(new.memref), InsertPoint.before(terminator))


def lower_ids(function: func.FuncOp) -> None:
    """Run the body for every (workgroup, work item): loops over `grid_size` x `block_size`."""
    ids = [op for op in function.walk() if isinstance(op, WorkgroupIdOp | WorkitemIdOp)]
    if not ids:
        return
    sizes = []
    for name in ("grid_size", "block_size"):
        attr = function.attributes.get(name)
        if not isinstance(attr, IntegerAttr):
            emit_error(ids[0], f"rock-to-loops needs the function's '{name}' attribute to emulate rock.workgroup_id/workitem_id")
        sizes.append(attr.value.data)
    body = function.body.block
    terminator = body.last_op
    if len(function.body.blocks) != 1 or not isinstance(terminator, func.ReturnOp) or terminator.operands:
        emit_error(function, "rock-to-loops emulates the grid only for single-block kernels returning nothing")
    moved = [op for op in body.ops if op is not terminator]
    holder: list[list[SSAValue]] = []

    def capture(e: Emitter, ivs: list[SSAValue]) -> None:
        holder.append(ivs)

    loop_nest(Emitter(InsertPoint.before(terminator)), sizes, capture)
    bid, tid = holder[0]
    inner_block = tid.owner  # the innermost loop's block
    assert isinstance(inner_block, Block) and inner_block.last_op is not None
    for op in moved:
        op.detach()
        inner_block.insert_op_before(op, inner_block.last_op)
    for op in ids:
        Rewriter.replace_op(op, [], [bid if isinstance(op, WorkgroupIdOp) else tid])


def _touches_view(op: Operation) -> bool:
    return any(is_view(v) for v in op.operands)


def lower_rock_to_loops(module: ModuleOp) -> None:
    """Lower every rock op of `module` (and every op reading or writing a rock view) to loops."""
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        lower_ids(function)
    for op in list(module.walk()):
        if isinstance(op, GridwiseGemmOp):
            lower_gridwise_gemm(op)
        elif isinstance(op, ThreadwiseWriteAllOp):
            lower_write_all(op)
        elif isinstance(op, ThreadwiseReadIntoOp):
            lower_read_into(op)
        elif isinstance(op, GenericOp) and _touches_view(op):
            lower_generic(op)
        elif isinstance(op, memref.CopyOp) and _touches_view(op):
            lower_copy(op)
        elif isinstance(op, memref.LoadOp) and is_view(op.memref):
            lower_load(op)
        elif isinstance(op, memref.StoreOp) and is_view(op.memref):
            lower_store(op)
    for op in reversed(list(module.walk())):
        if isinstance(op, TransformOp):
            if op.output.uses:
                user = next(iter(op.output.uses)).operation
                emit_error(user, f"rock-to-loops cannot lower '{user.name}' on a rock.transform view")
            Rewriter.erase_op(op)
    for op in list(module.walk()):
        if isinstance(op, AllocOp):
            lower_alloc(op)


@dataclass(frozen=True)
class RockToLoopsPass(ModulePass):
    """Lower rock ops to scf/memref/arith loops (see `lower_rock_to_loops`)."""

    name = "rock-to-loops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_rock_to_loops(op)
