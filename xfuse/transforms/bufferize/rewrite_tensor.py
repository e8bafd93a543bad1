"""Memref forms of the tensor, arith, vector and bufferization ops (called by rewrite.py's
`FunctionRewriter.op`; each function inserts memref ops before `op` and records the buffers of
its tensor results in `rw.buffers`).

- views: tensor.cast -> memref.cast; expand_shape / collapse_shape -> the memref reshapes when
  the buffer has the identity layout (else the operand is first copied into one); tensor.reshape
  of a static shape -> memref.reinterpret_cast of an identity-layout buffer;
- partial writes: tensor.insert -> memref.store, vector.transfer_write -> its memref form, on
  the destination's buffer (a copy first when the analysis put it out of place);
- new tensors: from_elements (stores), splat (fill), generate and bitcast (a linalg.generic),
  pad (fill + copy into a subview), concat (copies into subviews), alloc_tensor(copy) (alloc +
  copy); bufferization.clone is a memref op in MLIR 22 and passes through;
- bufferization.materialize_in_destination copies its source into the destination unless the
  source already is that buffer (empty-tensor elimination makes the producer write it there),
  to_tensor / to_buffer pass the memref, dealloc_tensor disappears (xfuse frees what it
  allocates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.builder import Builder, InsertPoint
from xdsl.dialects import arith, bufferization, memref, tensor, vector
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap

from xfuse.diagnostics import emit_error
from xfuse.dialects.memref import CastOp, CopyOp
from xfuse.dialects.tensor_extra import BitcastOp, GenerateOp, RankOp
from xfuse.interfaces.tiling import OpFoldResult, materialize_index
from xfuse.interfaces.tiling_utils import dim_size
from xfuse.transforms.bufferize.models import is_tensor

if TYPE_CHECKING:
    from xfuse.transforms.bufferize.rewrite import FunctionRewriter


def memref_type(tensor_type: Attribute, layout: Attribute | None = None) -> MemRefType:
    assert isinstance(tensor_type, TensorType)
    return MemRefType(tensor_type.element_type, tensor_type.get_shape(), layout or NoneAttr())


def has_identity_layout(buffer: SSAValue) -> bool:
    layout = buffer.type.layout  # type: ignore[attr-defined]
    return isinstance(layout, NoneAttr)


def _builder(op: Operation) -> Builder:
    return Builder(InsertPoint.before(op))


def _index(b: Builder, value: OpFoldResult) -> SSAValue:
    return materialize_index(b, value)


def _add(b: Builder, *values: OpFoldResult) -> OpFoldResult:
    static = sum(v for v in values if isinstance(v, int))
    dynamic = [v for v in values if not isinstance(v, int)]
    if not dynamic:
        return static
    total = dynamic[0]
    for v in dynamic[1:] + ([static] if static else []):
        total = b.insert(arith.AddiOp(total, _index(b, v))).result
    return total


def new_buffer(rw: FunctionRewriter, op: Operation, type_: TensorType, sizes: list[OpFoldResult]) -> SSAValue:
    """A fresh identity-layout buffer of `type_` (its dynamic dims from `sizes`), owned by
    `op`'s block."""
    b = _builder(op)
    dynamic = [_index(b, s) for s, d in zip(sizes, type_.get_shape()) if d == DYNAMIC_INDEX]
    alloc = b.insert(memref.AllocOp(dynamic, [], memref_type(type_)))
    rw.owned.setdefault(op.parent_block(), []).append(alloc.memref)  # type: ignore[arg-type]
    return alloc.memref


def _sizes_of(b: Builder, buffer: SSAValue) -> list[OpFoldResult]:
    return [dim_size(b, buffer, d) for d in range(buffer.type.get_num_dims())]  # type: ignore[attr-defined]


def strides_and_offset(t: MemRefType) -> tuple[list[int | None], int | None]:
    layout = t.layout
    if isinstance(layout, StridedLayoutAttr):
        strides = [None if not hasattr(s, "data") else s.data for s in layout.strides.data]
        offset = layout.offset.data if hasattr(layout.offset, "data") else None
        return strides, offset
    shape = t.get_shape()
    strides: list[int | None] = []
    running: int | None = 1
    for size in reversed(shape):
        strides.append(running)
        running = None if running is None or size == DYNAMIC_INDEX else running * size
    return list(reversed(strides)), 0


def subview_at(b: Builder, source: SSAValue, offsets: list[OpFoldResult], sizes: list[OpFoldResult]) -> SSAValue:
    """memref.subview of `source` at `offsets`, `sizes`, unit strides."""
    strides, offset = strides_and_offset(source.type)  # type: ignore[arg-type]
    static_offsets = [o if isinstance(o, int) else DYNAMIC_INDEX for o in offsets]
    static_sizes = [s if isinstance(s, int) else DYNAMIC_INDEX for s in sizes]
    new_offset = offset
    for s, o in zip(strides, static_offsets):
        if new_offset is not None and o != 0:
            new_offset = None if (o == DYNAMIC_INDEX or s is None) else new_offset + o * s
    result = MemRefType(
        source.type.element_type,  # type: ignore[attr-defined]
        static_sizes,
        StridedLayoutAttr(strides, new_offset),
    )
    view = memref.SubviewOp(
        source, [o for o in offsets if not isinstance(o, int)], [s for s in sizes if not isinstance(s, int)],
        [], static_offsets, static_sizes, [1] * len(sizes), result,
    )
    return b.insert(view).result


def _identity_copy(rw: FunctionRewriter, op: Operation, value: SSAValue) -> SSAValue:
    """An identity-layout buffer with `value`'s contents, owned by `op`'s block."""
    b = _builder(op)
    source = rw.buffer_of(value)
    buffer = new_buffer(rw, op, value.type, _sizes_of(b, source))  # type: ignore[arg-type]
    b.insert(CopyOp(source, buffer))
    return buffer


def _view(rw: FunctionRewriter, result: SSAValue, source: SSAValue, view: SSAValue) -> None:
    rw.buffers[result] = view
    rw.view_base[view] = rw.view_base.get(source, source)


def _view_source(rw: FunctionRewriter, op: Operation, identity: bool) -> SSAValue:
    """The buffer a view op reinterprets: its operand's, or a copy when the analysis put the
    operand out of place or when `identity` is required and the buffer is strided."""
    buffer = rw.buffer_of(op.operands[0])
    if not rw.analysis.is_inplace(op, 0) or (identity and not has_identity_layout(buffer)):
        return _identity_copy(rw, op, op.operands[0])
    return buffer


def _generic(b: Builder, outs: SSAValue, ins: list[SSAValue], fill_body, with_indices: bool = True) -> None:
    """An all-parallel linalg.generic over `outs` (identity maps); `fill_body(builder, args,
    indices)` returns the value to yield."""
    rank = outs.type.get_num_dims()  # type: ignore[attr-defined]
    identity = AffineMapAttr(AffineMap.identity(rank))
    arg_types = [v.type.element_type for v in ins] + [outs.type.element_type]  # type: ignore[attr-defined]
    block = Block(arg_types=arg_types)
    inner = Builder(InsertPoint.at_end(block))
    indices = [inner.insert(linalg.IndexOp(d)).result for d in range(rank)] if with_indices else []
    value = fill_body(inner, list(block.args), indices)
    inner.insert(linalg.YieldOp(value))
    b.insert(linalg.GenericOp(ins, [outs], Region(block), [identity] * (len(ins) + 1),
                              [linalg.IteratorTypeAttr.parallel()] * rank))


def _inline_body(rw: FunctionRewriter, b: Builder, region: Region, args: list[SSAValue]) -> SSAValue:
    """Clone a scalar body (tensor.generate / tensor.pad) with its arguments replaced by `args`,
    reading tensors through their buffers; the value its terminator yields."""
    block = region.blocks[0]
    mapping: dict[SSAValue, SSAValue] = dict(zip(block.args, args))
    for inner in block.ops:
        if inner is block.last_op:
            return mapping.get(inner.operands[0], inner.operands[0])
        if isinstance(inner, tensor.ExtractOp):
            indices = [mapping.get(i, i) for i in inner.indices]
            mapping[inner.result] = b.insert(memref.LoadOp.get(rw.buffer_of(inner.tensor), indices)).res
        elif isinstance(inner, tensor.DimOp):
            mapping[inner.result] = b.insert(
                memref.DimOp(rw.buffer_of(inner.source), mapping.get(inner.index, inner.index))
            ).result
        elif any(is_tensor(v) for v in (*inner.operands, *inner.results)) or inner.regions:
            emit_error(inner, f"xfuse-bufferize: '{inner.name}' in the body of '{region.parent_op().name}' "  # type: ignore[union-attr]
                       "is not supported (only scalar code, tensor.extract and tensor.dim)")
        else:
            b.insert(inner.clone(value_mapper=mapping))
    raise AssertionError("region without terminator")


def rewrite_tensor_op(rw: FunctionRewriter, op: Operation) -> bool:
    """Bufferize `op` if it is one of this module's ops; False otherwise."""
    handler = _HANDLERS.get(op.name)
    if handler is None:
        return False
    handler(rw, op)
    return True


def _insert(rw: FunctionRewriter, op: tensor.InsertOp) -> None:
    dest = rw.operand_buffer(op, 1, copy=True)
    _builder(op).insert(memref.StoreOp.get(op.scalar, dest, list(op.indices)))
    rw.buffers[op.result] = dest


def _rank(rw: FunctionRewriter, op: RankOp) -> None:
    rank = _builder(op).insert(arith.ConstantOp(IntegerAttr(op.tensor.type.get_num_dims(), IndexType())))  # type: ignore[attr-defined]
    op.rank.replace_all_uses_with(rank.result)


def _from_elements(rw: FunctionRewriter, op: tensor.FromElementsOp) -> None:
    type_ = op.result.type
    buffer = new_buffer(rw, op, type_, list(type_.get_shape()))  # type: ignore[arg-type]
    b = _builder(op)
    shape = type_.get_shape()  # type: ignore[attr-defined]
    for n, element in enumerate(op.elements):
        index, rest = [], n
        for size in reversed(shape):
            index.append(rest % size)
            rest //= size
        b.insert(memref.StoreOp.get(element, buffer, [_index(b, i) for i in reversed(index)]))
    rw.buffers[op.result] = buffer


def _splat(rw: FunctionRewriter, op: tensor.SplatOp) -> None:
    sizes = iter(op.dynamicSizes)
    shape = [next(sizes) if d == DYNAMIC_INDEX else d for d in op.result.type.get_shape()]  # type: ignore[attr-defined]
    buffer = new_buffer(rw, op, op.result.type, shape)  # type: ignore[arg-type]
    _builder(op).insert(linalg.FillOp([op.input], [buffer], res=()))
    rw.buffers[op.result] = buffer


def _generate(rw: FunctionRewriter, op: GenerateOp) -> None:
    sizes = iter(op.dynamicExtents)
    shape = [next(sizes) if d == DYNAMIC_INDEX else d for d in op.result.type.get_shape()]  # type: ignore[attr-defined]
    buffer = new_buffer(rw, op, op.result.type, shape)  # type: ignore[arg-type]
    _generic(_builder(op), buffer, [], lambda b, args, indices: _inline_body(rw, b, op.body, indices))
    rw.buffers[op.result] = buffer


def _bitcast(rw: FunctionRewriter, op: BitcastOp) -> None:
    b = _builder(op)
    source = rw.buffer_of(op.source)
    buffer = new_buffer(rw, op, op.dest.type, _sizes_of(b, source))  # type: ignore[arg-type]
    element = op.dest.type.element_type  # type: ignore[attr-defined]
    _generic(b, buffer, [source], lambda inner, args, _: inner.insert(arith.BitcastOp(args[0], element)).result,
             with_indices=False)
    rw.buffers[op.dest] = buffer


def _pad(rw: FunctionRewriter, op: tensor.PadOp) -> None:
    b = _builder(op)
    source = rw.buffer_of(op.source)
    low_dyn, high_dyn = iter(op.low), iter(op.high)
    low = [next(low_dyn) if v == DYNAMIC_INDEX else v for v in op.static_low.get_values()]
    high = [next(high_dyn) if v == DYNAMIC_INDEX else v for v in op.static_high.get_values()]
    sizes = _sizes_of(b, source)
    shape = [_add(b, lo, size, hi) for lo, size, hi in zip(low, sizes, high)]
    buffer = new_buffer(rw, op, op.result.type, shape)  # type: ignore[arg-type]
    block = op.region.blocks[0]
    padding = block.last_op.operands[0]  # type: ignore[union-attr]
    owner = padding.owner
    if not op.is_ancestor(owner.parent_op() if isinstance(owner, Block) else owner):  # type: ignore[arg-type]
        b.insert(linalg.FillOp([padding], [buffer], res=()))  # one value, defined outside the body
    else:
        # Computed in the body (maybe from the indices): per element, then the source on top.
        _generic(b, buffer, [], lambda inner, args, indices: _inline_body(rw, inner, op.region, indices))
    b.insert(CopyOp(source, subview_at(b, buffer, low, sizes)))
    rw.buffers[op.result] = buffer


def _concat(rw: FunctionRewriter, op: tensor.ConcatOp) -> None:
    b = _builder(op)
    dim = op.dim.value.data
    sources = [rw.buffer_of(v) for v in op.inputs]
    sizes = [_sizes_of(b, s) for s in sources]
    shape = list(sizes[0])
    shape[dim] = _add(b, *[s[dim] for s in sizes])
    buffer = new_buffer(rw, op, op.result.type, shape)  # type: ignore[arg-type]
    offset: OpFoldResult = 0
    for n, (source, size) in enumerate(zip(sources, sizes)):
        offsets: list[OpFoldResult] = [0] * len(size)
        offsets[dim] = offset
        b.insert(CopyOp(source, subview_at(b, buffer, offsets, size)))
        if n + 1 < len(sources):
            offset = _add(b, offset, size[dim])
    rw.buffers[op.result] = buffer


def _cast(rw: FunctionRewriter, op: tensor.CastOp) -> None:
    source = _view_source(rw, op, identity=False)
    type_ = memref_type(op.dest.type, source.type.layout)  # type: ignore[attr-defined]
    _view(rw, op.dest, source, _builder(op).insert(CastOp(operands=[source], result_types=[type_])).dest)


def _expand_shape(rw: FunctionRewriter, op: tensor.ExpandShapeOp) -> None:
    source = _view_source(rw, op, identity=True)
    new = memref.ExpandShapeOp(
        operands=[source, list(op.dynamic_output_shape)],
        result_types=[memref_type(op.result.type)],
        properties={"reassociation": op.reassociation, "static_output_shape": op.static_output_shape},
    )
    _view(rw, op.result, source, _builder(op).insert(new).result)


def _collapse_shape(rw: FunctionRewriter, op: tensor.CollapseShapeOp) -> None:
    source = _view_source(rw, op, identity=True)
    new = memref.CollapseShapeOp(
        operands=[source], result_types=[memref_type(op.result.type)],
        properties={"reassociation": op.reassociation},
    )
    _view(rw, op.result, source, _builder(op).insert(new).result)


def _reshape(rw: FunctionRewriter, op: tensor.ReshapeOp) -> None:
    shape = op.result.type.get_shape()  # type: ignore[attr-defined]
    if DYNAMIC_INDEX in shape:
        emit_error(op, "xfuse-bufferize: a tensor.reshape to a dynamic shape is not supported")
    source = _view_source(rw, op, identity=True)
    strides, running = [], 1
    for size in reversed(shape):
        strides.append(running)
        running *= size
    new = memref.ReinterpretCastOp(source, [], [], [], [0], shape, list(reversed(strides)),
                                   memref_type(op.result.type))
    _view(rw, op.result, source, _builder(op).insert(new).result)


def _select(rw: FunctionRewriter, op: arith.SelectOp) -> None:
    """A select of the two buffers; when neither may be written in place, one copy of the
    selected buffer (not one per operand)."""
    b = _builder(op)
    if not rw.analysis.is_inplace(op, 1) and not rw.analysis.is_inplace(op, 2):
        lhs, rhs = rw.buffer_of(op.lhs), rw.buffer_of(op.rhs)
    else:
        lhs, rhs = rw.operand_buffer(op, 1, copy=True), rw.operand_buffer(op, 2, copy=True)
    if lhs.type != rhs.type:
        rank = op.result.type.get_num_dims()  # type: ignore[attr-defined]
        general = memref_type(op.result.type, StridedLayoutAttr([None] * rank, None))
        lhs = b.insert(CastOp(operands=[lhs], result_types=[general])).dest
        rhs = b.insert(CastOp(operands=[rhs], result_types=[general])).dest
    selected = b.insert(arith.SelectOp(op.cond, lhs, rhs)).result
    base = rw.view_base.get(lhs, lhs)
    if base is rw.view_base.get(rhs, rhs) and lhs.type == rhs.type:
        rw.view_base[selected] = base  # both sides are one allocation
    if not rw.analysis.is_inplace(op, 1) and not rw.analysis.is_inplace(op, 2):
        buffer = new_buffer(rw, op, op.result.type, _sizes_of(b, selected))  # type: ignore[arg-type]
        b.insert(CopyOp(selected, buffer))
        selected = buffer
    rw.buffers[op.result] = selected


def _transfer_read(rw: FunctionRewriter, op: vector.TransferReadOp) -> None:
    new = vector.TransferReadOp(rw.buffer_of(op.source), list(op.indices), op.padding, op.result.type,
                                op.in_bounds, op.permutation_map, op.mask)
    op.result.replace_all_uses_with(_builder(op).insert(new).result)


def _transfer_write(rw: FunctionRewriter, op: vector.TransferWriteOp) -> None:
    dest = rw.operand_buffer(op, 1, copy=True)
    _builder(op).insert(vector.TransferWriteOp(op.vector, dest, list(op.indices), op.in_bounds, op.mask,
                                               op.permutation_map))
    assert op.result is not None
    rw.buffers[op.result] = dest


def _materialize(rw: FunctionRewriter, op: bufferization.MaterializeInDestinationOp) -> None:
    source = rw.buffer_of(op.source)
    if op.result is None:
        dest = op.dest  # a memref
    else:
        dest = rw.operand_buffer(op, 1, copy=False)  # wholly overwritten
        rw.buffers[op.result] = dest
    if source is not dest:
        _builder(op).insert(CopyOp(source, dest))


def _alloc_tensor(rw: FunctionRewriter, op: bufferization.AllocTensorOp) -> None:
    if op.copy is not None:
        rw.buffers[op.tensor] = _identity_copy(rw, op, op.copy)
        return
    sizes = iter(op.dynamic_sizes)
    shape = [next(sizes) if d == DYNAMIC_INDEX else d for d in op.tensor.type.get_shape()]  # type: ignore[attr-defined]
    rw.buffers[op.tensor] = new_buffer(rw, op, op.tensor.type, shape)  # type: ignore[arg-type]


def _to_tensor(rw: FunctionRewriter, op: bufferization.ToTensorOp) -> None:
    rw.buffers[op.tensor] = op.memref
    rw.foreign.add(op.memref)


def _to_buffer(rw: FunctionRewriter, op: bufferization.ToBufferOp) -> None:
    buffer = rw.operand_buffer(op, 0, copy=True)
    if buffer.type != op.memref.type:
        buffer = _builder(op).insert(CastOp(operands=[buffer], result_types=[op.memref.type])).dest
    op.memref.replace_all_uses_with(buffer)


def _nothing(rw: FunctionRewriter, op: Operation) -> None:
    del rw, op  # xfuse deallocates the buffers it allocates


_HANDLERS = {
    "tensor.insert": _insert,
    "tensor.rank": _rank,
    "tensor.from_elements": _from_elements,
    "tensor.splat": _splat,
    "tensor.generate": _generate,
    "tensor.bitcast": _bitcast,
    "tensor.pad": _pad,
    "tensor.concat": _concat,
    "tensor.cast": _cast,
    "tensor.expand_shape": _expand_shape,
    "tensor.collapse_shape": _collapse_shape,
    "tensor.reshape": _reshape,
    "arith.select": _select,
    "vector.transfer_read": _transfer_read,
    "vector.transfer_write": _transfer_write,
    "bufferization.materialize_in_destination": _materialize,
    "bufferization.alloc_tensor": _alloc_tensor,
    "bufferization.to_tensor": _to_tensor,
    "bufferization.to_buffer": _to_buffer,
    "bufferization.dealloc_tensor": _nothing,
}

__all__ = ["has_identity_layout", "is_tensor", "new_buffer", "rewrite_tensor_op", "subview_at"]
