"""`xfuse-lower-tm-tensor`: torch-mlir's `tm_tensor` ops as `scf.for` loops on tensors.

Stock mlir-opt has no `tm_tensor` dialect, so xfuse lowers its ops (xfuse/dialects/tm_tensor.py)
before the backend sees them, with the semantics of torch-mlir's `tm-tensor-to-loops`
(each op's `generateScalarImplementation`): one `scf.for` per dimension of the op's iteration
domain, in order, carrying the destination tensors as `iter_args`, and the scalar work done with
`tensor.extract` / `tensor.insert` and the op's region inlined. One-shot bufferization turns
the carried tensors into the destination buffers, updated in place.

- `scan`: out[.., 0, ..] = in (inclusive) or the accumulator (exclusive); then
  out[i] = f(out[i-1], in[i]) (inclusive) or f(out[i-1], in[i-1]), the accumulator holding the
  last value written (an `scf.if` on the first position: nothing is read before the start).
- `scatter`: over every element of `updates`, original[pos] = f(update, original[pos]), `pos`
  from `indices` (through `dimension_map`) plus the slice position. Unlike torch-mlir's loops an
  index outside `original` skips its update (an `scf.if`): such an index is invalid (ONNX's
  ScatterElements/ScatterND) and must not write out of bounds; torch-mlir's lowering has already
  made negative ONNX indices positive.
- `sort`: torch-mlir's stable bubble sort, n passes of adjacent compare-and-swap along the
  dimension (the swap is two `arith.select`s: no branch).
- `topk`: for each input element, an insertion pass over the K outputs (torch-mlir's: the
  element and the K-th value swap when the region says so; ties go to the lower index).

The loops are serial and scalar: the parallel dimensions are loops too (xfuse's passes leave
them alone: they match linalg ops, and an `scf.for` on tensors is not one). An op on memrefs,
or a scatter whose `dimension_map` and update slice leave a dimension of `original` unindexed
(torch-mlir's loops would crash), is refused with a diagnostic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp, ShapedType, TensorType, i1
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error
from xfuse.dialects.tm_tensor import ScanOp, ScatterOp, SortOp, TMTensorOp, TopkOp, YieldOp

Indices = list[SSAValue]


class _Ops:
    """The ops of one lowering, in order, with the index helpers every lowering needs."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def add(self, op: Operation) -> SSAValue:
        self.ops.append(op)
        return op.results[0]

    def index(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType())))

    def size(self, value: SSAValue, dim: int) -> SSAValue:
        """The extent of `value` along `dim`: a constant when static, else `tensor.dim`."""
        assert isinstance(value.type, ShapedType)
        extent = value.type.get_shape()[dim]
        return self.index(extent) if extent >= 0 else self.add(tensor.DimOp(value, self.index(dim)))

    def extract(self, source: SSAValue, indices: Sequence[SSAValue]) -> SSAValue:
        assert isinstance(source.type, ShapedType)
        return self.add(tensor.ExtractOp(source, list(indices), source.type.get_element_type()))

    def insert(self, value: SSAValue, dest: SSAValue, indices: Sequence[SSAValue]) -> SSAValue:
        return self.add(tensor.InsertOp(value, dest, list(indices)))

    def inline(self, region: Region, args: Sequence[SSAValue]) -> list[SSAValue]:
        """The region's ops cloned here on `args`; the values its `tm_tensor.yield` yields."""
        block = region.block
        mapping: dict[SSAValue, SSAValue] = dict(zip(block.args, args, strict=True))
        yielded: list[SSAValue] = []
        for op in block.ops:
            if isinstance(op, YieldOp):
                yielded = [mapping.get(v, v) for v in op.values]
            else:
                self.ops.append(op.clone(value_mapper=mapping))
        return yielded


Body = Callable[[_Ops, Indices, list[SSAValue]], list[SSAValue]]
"""Builds one iteration: (ops, induction variables, carried values) -> the values carried on."""


LoopBody = Callable[[_Ops, SSAValue, list[SSAValue]], list[SSAValue]]
"""Builds one iteration of one loop: (ops, induction variable, carried values) -> values carried on."""


def _loop(ops: _Ops, upper: SSAValue, carried: Sequence[SSAValue], body: LoopBody) -> list[SSAValue]:
    """`scf.for %iv = 0 to upper step 1 iter_args(carried)`, its body built by `body`."""
    block = Block(arg_types=[IndexType(), *(v.type for v in carried)])
    inner = _Ops()
    yielded = body(inner, block.args[0], list(block.args[1:]))
    inner.ops.append(scf.YieldOp(*yielded))
    block.add_ops(inner.ops)
    loop = scf.ForOp(ops.index(0), upper, ops.index(1), list(carried), Region(block))
    ops.ops.append(loop)
    return list(loop.results)


def _nest(ops: _Ops, uppers: Sequence[SSAValue], carried: Sequence[SSAValue], body: Body) -> list[SSAValue]:
    """One `scf.for` per upper bound, outermost first, carrying `carried`; `body` innermost."""

    def level(inner: _Ops, depth: int, ivs: Indices, values: list[SSAValue]) -> list[SSAValue]:
        if depth == len(uppers):
            return body(inner, ivs, values)
        return _loop(inner, uppers[depth], values, lambda o, iv, vs: level(o, depth + 1, [*ivs, iv], vs))

    return level(ops, 0, [], list(carried))


def _domain(ops: _Ops, value: SSAValue) -> list[SSAValue]:
    assert isinstance(value.type, ShapedType)
    return [ops.size(value, d) for d in range(len(value.type.get_shape()))]


def _replaced(at: int, ivs: Indices, value: SSAValue) -> Indices:
    return [value if i == at else iv for i, iv in enumerate(ivs)]


# The lowerings -------------------------------------------------------------------------------


def _lower_scan(op: ScanOp, ops: _Ops) -> list[SSAValue]:
    source = op.inputs[0]
    dim, inclusive = op.dimension.value.data, bool(op.inclusive.value.data)
    element = source.type.get_element_type()  # type: ignore[attr-defined]

    def body(o: _Ops, ivs: Indices, carried: list[SSAValue]) -> list[SSAValue]:
        output, accumulator = carried
        acc_ivs = [iv for i, iv in enumerate(ivs) if i != dim]
        first = o.add(arith.CmpiOp(ivs[dim], o.index(0), "eq"))
        start = _Ops()
        start_value = start.extract(source, ivs) if inclusive else start.extract(accumulator, acc_ivs)
        start.ops.append(scf.YieldOp(start_value, accumulator))
        step = _Ops()
        previous = _replaced(dim, ivs, step.add(arith.SubiOp(ivs[dim], step.index(1))))
        (combined,) = step.inline(op.region, [step.extract(output, previous),
                                              step.extract(source, ivs if inclusive else previous)])
        step.ops.append(scf.YieldOp(combined, step.insert(combined, accumulator, acc_ivs)))
        branch = scf.IfOp(first, [element, accumulator.type], start.ops, step.ops)
        o.ops.append(branch)
        value, accumulator = branch.results
        return [o.insert(value, output, ivs), accumulator]

    return _nest(ops, _domain(ops, source), list(op.outputs), body)


def _scatter_dims(op: ScatterOp) -> None:
    original_rank = len(op.outputs[0].type.get_shape())  # type: ignore[attr-defined]
    slice_rank = len(op.inputs[0].type.get_shape()) - 1  # type: ignore[attr-defined]
    covered = set(op.dims) | set(range(original_rank - slice_rank, original_rank))
    if missing := sorted(set(range(original_rank)) - covered):
        emit_error(op, f"dimension {missing[0]} of the original is neither in dimension_map nor covered by the "
                       "update slice, so no position of it is defined")


def _lower_scatter(op: ScatterOp, ops: _Ops) -> list[SSAValue]:
    _scatter_dims(op)
    updates, indices = op.inputs
    original = op.outputs[0]
    original_rank = len(original.type.get_shape())  # type: ignore[attr-defined]
    extents = _domain(ops, original)

    def body(o: _Ops, ivs: Indices, carried: list[SSAValue]) -> list[SSAValue]:
        (current,) = carried
        update = o.extract(updates, ivs)
        positions: list[SSAValue | None] = [None] * original_rank
        offset = original_rank - (len(ivs) - 1)
        for k, iv in enumerate(ivs[1:]):
            positions[offset + k] = iv
        for depth, dim in enumerate(op.dims):
            index = o.add(arith.IndexCastOp(o.extract(indices, [ivs[0], o.index(depth)]), IndexType()))
            slice_position = positions[dim]
            positions[dim] = index if slice_position is None else o.add(arith.AddiOp(index, slice_position))
        place = [p for p in positions if p is not None]
        in_bounds = o.add(arith.ConstantOp(IntegerAttr(1, i1)))
        for position, extent in zip(place, extents, strict=True):  # unsigned: a negative one is out too
            in_bounds = o.add(arith.AndIOp(in_bounds, o.add(arith.CmpiOp(position, extent, "ult"))))
        write = _Ops()
        (combined,) = write.inline(op.region, [update, write.extract(current, place)])
        write.ops.append(scf.YieldOp(write.insert(combined, current, place)))
        branch = scf.IfOp(in_bounds, [current.type], write.ops, [scf.YieldOp(current)])
        o.ops.append(branch)
        return [branch.results[0]]

    return _nest(ops, _domain(ops, updates), [original], body)


def _lower_sort(op: SortOp, ops: _Ops) -> list[SSAValue]:
    dim = op.dimension.value.data
    domain = _domain(ops, op.outputs[0])
    last = ops.add(arith.SubiOp(domain[dim], ops.index(1)))

    def body(o: _Ops, ivs: Indices, carried: list[SSAValue]) -> list[SSAValue]:
        def swap(s: _Ops, j: SSAValue, operands: list[SSAValue]) -> list[SSAValue]:
            here, there = _replaced(dim, ivs, j), _replaced(dim, ivs, s.add(arith.AddiOp(j, s.index(1))))
            pairs = [(s.extract(v, here), s.extract(v, there)) for v in operands]
            (in_order,) = s.inline(op.region, [x for pair in pairs for x in pair])
            sorted_operands = []
            for value, (a, b) in zip(operands, pairs, strict=True):
                value = s.insert(s.add(arith.SelectOp(in_order, a, b)), value, here)
                sorted_operands.append(s.insert(s.add(arith.SelectOp(in_order, b, a)), value, there))
            return sorted_operands

        return _loop(o, last, carried, swap)

    return _nest(ops, domain, list(op.outputs), body)


def _lower_topk(op: TopkOp, ops: _Ops) -> list[SSAValue]:
    values = op.inputs[0]
    dim = op.dimension.value.data
    k = ops.size(op.outputs[0], dim)

    def body(o: _Ops, ivs: Indices, carried: list[SSAValue]) -> list[SSAValue]:
        value = o.extract(values, ivs)
        index = (o.extract(op.inputs[1], ivs) if len(op.inputs) == 2
                 else o.add(arith.IndexCastOp(ivs[dim], IntegerType(32))))

        def insert(s: _Ops, j: SSAValue, state: list[SSAValue]) -> list[SSAValue]:
            value, index, out_values, out_indices = state
            at = _replaced(dim, ivs, j)
            kept_value, kept_index = s.extract(out_values, at), s.extract(out_indices, at)
            (before,) = s.inline(op.region, [value, kept_value])
            (after,) = s.inline(op.region, [kept_value, value])
            tied = s.add(arith.CmpiOp(before, after, "eq"))
            earlier = s.add(arith.AndIOp(tied, s.add(arith.CmpiOp(index, kept_index, "slt"))))
            take_index = s.add(arith.OrIOp(before, earlier))
            out_values = s.insert(s.add(arith.SelectOp(before, value, kept_value)), out_values, at)
            out_indices = s.insert(s.add(arith.SelectOp(take_index, index, kept_index)), out_indices, at)
            return [s.add(arith.SelectOp(before, kept_value, value)),
                    s.add(arith.SelectOp(take_index, kept_index, index)), out_values, out_indices]

        return _loop(o, k, [value, index, *carried], insert)[2:]

    return _nest(ops, _domain(ops, values), list(op.outputs), body)


LOWERINGS: dict[type[TMTensorOp], Callable[..., list[SSAValue]]] = {
    ScanOp: _lower_scan, ScatterOp: _lower_scatter, SortOp: _lower_sort, TopkOp: _lower_topk,
}


def lower_tm_tensor_op(op: TMTensorOp) -> None:
    """Replace `op` by its loops (see the module docstring); an `XfuseError` when it cannot."""
    if not all(isinstance(v.type, TensorType) for v in (*op.inputs, *op.outputs)):
        emit_error(op, f"{op.name} is lowered on tensors only; this one is on memrefs")
    ops = _Ops()
    results = LOWERINGS[type(op)](op, ops)
    Rewriter.insert_op(ops.ops, InsertPoint.before(op))
    for old, new in zip(op.results, results, strict=True):
        old.replace_all_uses_with(new)
    Rewriter.erase_op(op)


def lower_tm_tensor(module: ModuleOp) -> int:
    """Lower every `tm_tensor` op of `module`; how many there were."""
    found = [op for op in module.walk() if isinstance(op, TMTensorOp)]
    for op in found:
        lower_tm_tensor_op(op)
    return len(found)


@dataclass(frozen=True)
class LowerTMTensorPass(ModulePass):
    """`xfuse-lower-tm-tensor`: see the module docstring."""

    name = "xfuse-lower-tm-tensor"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_tm_tensor(op)


__all__ = ["LowerTMTensorPass", "lower_tm_tensor", "lower_tm_tensor_op"]
