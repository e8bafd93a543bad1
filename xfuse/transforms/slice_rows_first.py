"""`xfuse-slice-before-rows`: a slice of the result of a row-wise op chain moved above the chain,
so the chain computes only the rows (or columns) the slice keeps.

ViT's classifier reads one row of its final LayerNorm: torch-mlir writes `x[:, 0]` as a Gather
of a constant index (a `linalg.generic` whose body is a `tensor.extract` at that index), but the
LayerNorm before it (means, variances, normalization, scale, shift) and the last block's residual
add and bias add before that run over all 197 tokens. Each op of such a chain is *row-wise*: an
element of its result depends only on the elements of its inputs in the same rows (leading
dims), so a slice of rows of the result is the same chain computed on those rows of its inputs.

The pass finds every *sink*: a static, unit-stride `tensor.extract_slice` that keeps the rank, or
a Gather of constant indices that is one (`gather_as_slice`). Walking back from the sliced value
it takes every producer that can compute a slice of its result from slices of its operands
(`operand_specs`): structured linalg ops of one result whose indexing maps are projected
permutations (dims or a constant 0: elementwise generics, reductions over the dims the slice
keeps whole, their broadcasts back, matmuls over their rows) and static `tensor.collapse_shape` /
`expand_shape` that only add or drop unit dims beside a sliced one. A producer is kept only when
every reader of its result is a kept op (as an input) or the sink, and when every reader asks
for the same slice of it (a fixpoint removes the others): otherwise the full value is needed
anyway. A slice along a reduced dim therefore stops at the reduction (its operand is needed
whole), and the ops after it still compute only the slice.

The kept ops are rebuilt before the sink on slices of their outside operands (`extract_slice`s,
views after bufferization), their inits made anew (`tensor.empty`, a `linalg.fill` of one) or
sliced; the sink's result is the rebuilt chain's. Ops whose body reads `linalg.index` are not
taken (their indices would shift). Run early in `xfuse.onnx`'s `DEFAULT_PASSES`, before the
layout passes, so the smaller ops are what every later pass and schedule sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    ModuleOp,
    TensorType,
    i64,
)
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr
from xdsl.passes import ModulePass
from xdsl.builder import Builder
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dense_elements import dense_values
from xfuse.interfaces.tiling_utils import extract_slice

ENABLED = True
"""Whether the pass rewrites (benchmarks/flag_ab.py A/Bs it: `slice_rows_first:ENABLED`)."""

Spec = tuple[tuple[int, int], ...]
"""A slice of a static tensor: (offset, size) per dim."""


def _static_shape(value: SSAValue) -> tuple[int, ...] | None:
    kind = value.type
    if not isinstance(kind, TensorType):
        return None
    shape = tuple(kind.get_shape())
    return None if any(size < 0 for size in shape) else shape


def _full(shape: Sequence[int]) -> Spec:
    return tuple((0, size) for size in shape)


def _constant_index(value: SSAValue) -> int | None:
    if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
        attr = value.op.value
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


def slice_spec(op: Operation) -> Spec | None:
    """The rows a static, unit-stride, rank-keeping `tensor.extract_slice` keeps; None otherwise."""
    if not isinstance(op, tensor.ExtractSliceOp) or op.offsets or op.sizes or op.strides:
        return None
    source, result = _static_shape(op.source), _static_shape(op.result)
    offsets, sizes = op.static_offsets.get_values(), op.static_sizes.get_values()
    if source is None or result is None or len(result) != len(source) or tuple(sizes) != result:
        return None
    if any(stride != 1 for stride in op.static_strides.get_values()):
        return None
    return tuple(zip(offsets, sizes, strict=True))


def gather_as_slice(op: Operation) -> tuple[SSAValue, Spec] | None:
    """(source, slice) of a `linalg.generic` that gathers constant indices as a slice does:
    torch-mlir's `x[:, 0]` (an identity output map, a body of one `tensor.extract` whose indices
    are constants, the splat index input (`index_cast`) at a unit result dim, or `linalg.index j`
    at result dim j); None for any other op."""
    if op.name != "linalg.generic" or len(op.results) != 1 or len(op.operands) != 2:
        return None
    maps = [m.data for m in op.properties["indexing_maps"].data]
    out = _static_shape(op.results[0])
    if out is None or maps[1].results != tuple(AffineDimExpr(i) for i in range(len(out))):
        return None
    index_input = op.operands[0]
    if not (isinstance(index_input, OpResult) and isinstance(index_input.op, arith.ConstantOp)
            and isinstance(index_input.op.value, DenseIntOrFPElementsAttr)):
        return None
    values = set(dense_values(index_input.op.value))
    if len(values) != 1:
        return None
    (gathered,) = values
    block = op.regions[0].block
    body = list(block.ops)
    extracts = [inner for inner in body if isinstance(inner, tensor.ExtractOp)]
    if len(extracts) != 1 or tuple(body[-1].operands) != (extracts[0].result,):
        return None
    (extract,) = extracts
    if any(inner.name not in ("arith.index_cast", "linalg.index", "tensor.extract", "linalg.yield") for inner in body):
        return None
    source = extract.tensor
    shape = _static_shape(source)
    if shape is None or len(shape) != len(out) or (isinstance(source, OpResult) and op.is_ancestor(source.op)):
        return None
    spec = []
    for j, index in enumerate(extract.indices):
        owner = index.op if isinstance(index, OpResult) else None
        constant = _constant_index(index)
        if constant is not None and out[j] == 1:
            spec.append((constant, 1))
        elif owner is not None and owner.name == "arith.index_cast" and owner.parent_block() is block \
                and owner.operands[0] is block.args[0] and out[j] == 1 and isinstance(gathered, int):
            spec.append((gathered, 1))
        elif owner is not None and owner.name == "linalg.index" and owner.parent_block() is block \
                and owner.properties["dim"].value.data == j:
            spec.append((0, out[j]))
        else:
            return None
    if any(offset < 0 or offset + size > dim for (offset, size), dim in zip(spec, shape, strict=True)):
        return None
    return source, tuple(spec)


def _structured_maps(op: Operation) -> list | None:
    """The indexing maps of a one-result structured linalg op on static tensors whose maps are
    projected permutations (dims, or constant 0) and whose body reads no `linalg.index`; None
    for any other op."""
    if not op.name.startswith("linalg.") or len(op.results) != 1 or not hasattr(op, "get_indexing_maps"):
        return None
    if op.name == "linalg.fill" or len(op.outputs) != 1 or not op.regions:
        return None
    try:
        maps = [m.data for m in op.get_indexing_maps().data]
    except Exception:  # a named op without maps
        return None
    if len(maps) != len(op.operands) or any(_static_shape(v) is None for v in (*op.operands, op.results[0])):
        return None
    for affine_map in maps:
        for expr in affine_map.results:
            if not (isinstance(expr, AffineDimExpr) or (isinstance(expr, AffineConstantExpr) and expr.value == 0)):
                return None
    if any(inner.name == "linalg.index" for inner in op.walk()):
        return None
    return maps


def _reassociation(op: Operation) -> list[list[int]]:
    return [[i.value.data for i in group.data] for group in op.reassociation.data]


def _reshape_source_spec(op: Operation, spec: Spec) -> Spec | None:
    """The slice of a static collapse/expand_shape's source that gives `spec` of its result:
    each sliced group has one dim that is not a unit dim (the others stay whole)."""
    source, result = _static_shape(op.operands[0]), _static_shape(op.results[0])
    if source is None or result is None:
        return None
    groups = _reassociation(op)
    collapse = op.name == "tensor.collapse_shape"
    wide, narrow = (source, result) if collapse else (result, source)
    wide_spec: list[tuple[int, int] | None] = [None] * len(wide)
    narrow_spec: list[tuple[int, int] | None] = [None] * len(narrow)
    given = spec
    for i, group in enumerate(groups):
        if collapse:
            part = given[i]
            if part == (0, narrow[i]):
                for d in group:
                    wide_spec[d] = (0, wide[d])
                continue
            wider = [d for d in group if wide[d] != 1]
            if len(wider) != 1:
                return None
            for d in group:
                wide_spec[d] = part if d == wider[0] else (0, 1)
        else:
            parts = [given[d] for d in group]
            if all(part == (0, wide[d]) for part, d in zip(parts, group, strict=True)):
                narrow_spec[i] = (0, narrow[i])
                continue
            wider = [d for d in group if wide[d] != 1]
            if len(wider) != 1:
                return None
            narrow_spec[i] = given[wider[0]]
    result_spec = wide_spec if collapse else narrow_spec
    return tuple(result_spec)  # type: ignore[arg-type]


def operand_specs(op: Operation, spec: Spec) -> list[Spec] | None:
    """The slices of `op`'s operands (inputs, then the init) that compute `spec` of its result;
    None when it cannot (a sliced dim the op reduces over, a dim sliced two ways)."""
    if op.name in ("tensor.collapse_shape", "tensor.expand_shape"):
        source = _reshape_source_spec(op, spec)
        return None if source is None else [source]
    maps = _structured_maps(op)
    if maps is None:
        return None
    result_shape = _static_shape(op.results[0])
    loop: dict[int, tuple[int, int]] = {}
    for j, expr in enumerate(maps[-1].results):
        if isinstance(expr, AffineDimExpr):
            if loop.setdefault(expr.position, spec[j]) != spec[j]:
                return None
        elif spec[j] != (0, result_shape[j]):
            return None
    specs = []
    for operand, affine_map in zip(op.operands, maps, strict=True):
        shape = _static_shape(operand)
        specs.append(tuple(loop.get(expr.position, (0, shape[j])) if isinstance(expr, AffineDimExpr)
                           else (0, shape[j]) for j, expr in enumerate(affine_map.results)))
    return specs


def _inputs(op: Operation) -> Sequence[SSAValue]:
    """The operands a kept op reads as data (not its init)."""
    if op.name.startswith("tensor."):
        return op.operands[:1]
    return op.operands[: len(op.operands) - 1]


def _candidates(source: SSAValue, block: Block) -> set[Operation]:
    """Every op of `block` reachable from `source` through inputs of ops that can slice."""
    found: set[Operation] = set()
    work = [source]
    while work:
        value = work.pop()
        if not isinstance(value, OpResult) or value.op in found or value.op.parent_block() is not block:
            continue
        op = value.op
        if op.name in ("tensor.collapse_shape", "tensor.expand_shape"):
            if _static_shape(op.operands[0]) is None or _static_shape(op.results[0]) is None:
                continue
        elif _structured_maps(op) is None:
            continue
        found.add(op)
        work.extend(_inputs(op))
    return found


@dataclass
class RowSlicePlan:
    """The ops computed on slices (`members`) and the slice each of their values needs."""

    members: list[Operation]
    specs: dict[SSAValue, Spec]


def plan(sink: Operation, sink_reader: Operation, source: SSAValue, spec: Spec) -> RowSlicePlan | None:
    """Which producers of `source` compute only `spec` (module docstring); None when none can.
    `sink_reader` is the op that reads `source` for the sink (the slice, or the Gather's extract)."""
    block = sink.parent_block()
    if block is None or spec == _full(_static_shape(source) or ()):
        return None
    members = _candidates(source, block)
    order = {op: i for i, op in enumerate(block.ops)}
    while members:
        specs: dict[SSAValue, Spec] = {source: spec}
        conflicts: set[SSAValue] = set()
        bad: set[Operation] = set()
        for op in sorted(members, key=order.__getitem__, reverse=True):
            value = op.results[0]
            readers_inside = all(use.operation is sink_reader or (
                use.operation in members and use.index < len(_inputs(use.operation))) for use in value.uses)
            if not readers_inside or value in conflicts or value not in specs:
                bad.add(op)
                continue
            wanted = operand_specs(op, specs[value])
            if wanted is None:
                bad.add(op)
                continue
            for operand, operand_spec in zip(_inputs(op), wanted, strict=False):
                if specs.setdefault(operand, operand_spec) != operand_spec:
                    conflicts.add(operand)
        bad |= {op for op in members if op.results[0] in conflicts}
        if not bad:
            return RowSlicePlan(sorted(members, key=order.__getitem__), specs)
        members -= bad
    return None


def _sliced_init(builder: Builder, init: SSAValue, spec: Spec,
                 offset: SSAValue | Sequence[SSAValue] | None = None) -> SSAValue:
    """A new init of `spec`'s shape: a new `tensor.empty` (or a fill of one) where `init` is
    one, else a slice of `init` (at `offset` in its sliced dims, `slice_offsets`)."""
    shape = _static_shape(init)
    if spec == _full(shape):
        return init
    kind = TensorType(init.type.element_type, [size for _, size in spec])
    if isinstance(init, OpResult) and isinstance(init.op, tensor.EmptyOp):
        return builder.insert(tensor.EmptyOp([], kind)).tensor
    if isinstance(init, OpResult) and init.op.name == "linalg.fill" and isinstance(init.op.outputs[0], OpResult) \
            and isinstance(init.op.outputs[0].op, tensor.EmptyOp):
        empty = builder.insert(tensor.EmptyOp([], kind)).tensor
        new = type(init.op).create(operands=[init.op.inputs[0], empty], result_types=[kind],
                                properties=dict(init.op.properties), attributes=dict(init.op.attributes),
                                regions=[r.clone() for r in init.op.regions])
        return builder.insert(new).results[0]
    return extract_slice(builder, init, slice_offsets(init, spec, offset), [s for _, s in spec]).result


def slice_offsets(value: SSAValue, spec: Spec, offset: SSAValue | Sequence[SSAValue] | None) -> list[int | SSAValue]:
    """The offsets of `spec` of `value`; with `offset`, that value in every dim the spec slices
    (a loop's row: xfuse/backends/schedules/row_kernels.py builds the plan for the row at 0).
    With a sequence of offsets, a sliced dim's spec offset `k` names which (a loop over several
    row dims, planned with row dim `k` at offset `k`)."""
    if offset is None:
        return [o for o, _ in spec]
    shape = _static_shape(value)
    if isinstance(offset, SSAValue):
        return [o if (o, size) == (0, shape[d]) else offset for d, (o, size) in enumerate(spec)]
    return [o if (o, size) == (0, shape[d]) else offset[o] for d, (o, size) in enumerate(spec)]


def apply_plan(sink: Operation, source: SSAValue, found: RowSlicePlan, *, at: InsertPoint | None = None,
               offset: SSAValue | Sequence[SSAValue] | None = None) -> SSAValue:
    """Rebuilds `found`'s members on slices before `sink` (or `at`); returns the sliced `source`.
    With `offset`, the slices are at that (dynamic) offset in every dim they slice (one offset
    per row dim with a sequence, `slice_offsets`)."""
    builder = Builder(at or InsertPoint.before(sink))
    mapping: dict[SSAValue, SSAValue] = {}
    leaves: dict[tuple[SSAValue, Spec], SSAValue] = {}

    def operand(value: SSAValue, spec: Spec) -> SSAValue:
        if value in mapping:
            return mapping[value]
        if spec == _full(_static_shape(value)):
            return value
        if (value, spec) not in leaves:
            leaves[(value, spec)] = extract_slice(builder, value, slice_offsets(value, spec, offset),
                                                  [s for _, s in spec]).result
        return leaves[(value, spec)]

    for op in found.members:
        result = op.results[0]
        spec = found.specs[result]
        wanted = operand_specs(op, spec)
        assert wanted is not None
        inputs = _inputs(op)
        operands = [operand(value, s) for value, s in zip(inputs, wanted, strict=False)]
        if not op.name.startswith("tensor."):
            operands.append(_sliced_init(builder, op.operands[-1], wanted[-1], offset))
        kind = TensorType(result.type.element_type, [size for _, size in spec])
        properties = dict(op.properties)
        if op.name == "tensor.expand_shape":
            properties["static_output_shape"] = DenseArrayBase.from_list(i64, [size for _, size in spec])
        new = type(op).create(operands=operands, result_types=[kind], properties=properties,
                              attributes=dict(op.attributes), regions=[r.clone() for r in op.regions])
        mapping[result] = builder.insert(new).results[0]
        mapping[result].name_hint = result.name_hint
    return mapping[source]


def slice_before_rows(sink: Operation) -> bool:
    """Moves the slice `sink` (an extract_slice or a Gather that is one) above the row-wise ops
    computing its source; False when it has none to move above."""
    spec = slice_spec(sink)
    if spec is not None:
        source, reader = sink.operands[0], sink
    else:
        gathered = gather_as_slice(sink)
        if gathered is None:
            return False
        source, spec = gathered
        reader = next(use.operation for use in source.uses if use.operation.parent_op() is sink)
    found = plan(sink, reader, source, spec)
    if found is None:
        return False
    sliced = apply_plan(sink, source, found)
    Rewriter.replace_op(sink, [], [sliced])
    for op in reversed(found.members):
        Rewriter.erase_op(op)
    return True


@dataclass(frozen=True)
class SliceBeforeRowsPass(ModulePass):
    """`xfuse-slice-before-rows`: see the module docstring."""

    name = "xfuse-slice-before-rows"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        changed = ENABLED
        while changed:
            changed = False
            for sink in list(op.walk()):
                if sink.parent is not None and slice_before_rows(sink):
                    changed = True
                    break
