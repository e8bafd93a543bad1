"""Partial-reduction tiling (MLIR's `tileReductionUsingScf`, `transform.structured.
tile_reduction_using_for`): tile a reduction loop so that each iteration accumulates into its own
slot of a partial-result tensor, then merge the partial results once after the loop.

For a `linalg.generic` reducing loop `r` (tile size `T`) into one init of shape `S`:

    %empty = tensor.empty() : S x T                      // one partial result per slot
    %fill  = linalg.fill ins(neutral) outs(%empty)       // the combiner's neutral element
    %part  = scf.for %k = 0 to N_r step T iter_args(%acc = %fill) {
      %in  = <the op's input tiles for loop r = [%k, %k + sz)>   (the TilingInterface model)
      %p   = tensor.extract_slice %acc[0, .., 0][S.., sz]
      %t   = linalg.generic (loop r now parallel; the output map gains r) ins(%in) outs(%p)
      scf.yield (tensor.insert_slice %t into %acc)
    }
    %res = linalg.reduce ins(%part) outs(%init) dimensions = [rank(S)]   // the merge

`sz` is `T` when `T` divides `N_r`, else `min(T, N_r - k)` (the last tile is partial; the slots
it does not reach keep their neutral value). The result is the same as the op's: the partial
sums are merged into the original init with the same combiner.

What is refused (a `PartialReductionRefused` with the reason, before any IR is built): an op that
is not a `linalg.generic` on tensors with one init; a tile size on a parallel loop; more than one
tiled reduction loop; a body whose yielded value is not one of the supported combiners
(`arith.addf`, `mulf`, `maximumf`, `minimumf`, `addi`, `muli`) applied to the output block
argument and a value computed from the inputs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import affine, arith, scf, tensor
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayBase,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import (
    IteratorType,
    Range,
    TilingInterface,
    apply_affine_expr,
    fold_constants,
    OpFoldResult,
    constant_value,
    materialize_index,
    require_tiling_model,
)
from xfuse.interfaces.tiling_utils import dim_size, extract_slice, insert_slice

__all__ = [
    "PartialReduction",
    "PartialReductionRefused",
    "tile_reduction_using_for",
    "tile_reduction_using_forall",
]


class PartialReductionRefused(XfuseError):
    def __init__(self, op: Operation, reason: str):
        self.reason = reason
        super().__init__(f"cannot tile the reduction of '{op.name}': {reason}", op)


@dataclass(frozen=True)
class PartialReduction:
    """What `tile_reduction_using_for` built (MLIR's results of the transform op)."""

    fill_ops: tuple[Operation, ...]
    split_op: Operation
    """The partial-reduction op in the loop body."""
    merge_op: Operation
    """The `linalg.reduce` merging the partial results into the original init."""
    loop: Operation
    """The `scf.for` (or `scf.forall` of the num_threads variant)."""


_COMBINERS: dict[type[Operation], str] = {
    arith.AddfOp: "zero",
    arith.MulfOp: "one",
    arith.MaximumfOp: "-inf",
    arith.MinimumfOp: "+inf",
    arith.AddiOp: "zero",
    arith.MuliOp: "one",
}


def _neutral(kind: str, element: Attribute) -> Attribute:
    if isinstance(element, IntegerType):
        return IntegerAttr({"zero": 0, "one": 1}[kind], element)
    value = {"zero": 0.0, "one": 1.0, "-inf": -math.inf, "+inf": math.inf}[kind]
    return FloatAttr(value, element)  # pyright: ignore[reportArgumentType]


def _combiner(op: linalg.GenericOp) -> Operation:
    """The op of the body combining the output block argument with the rest (its kind decides
    the neutral element and the merge)."""
    block = op.body.block
    out_arg = block.args[-1]
    yielded = block.last_op
    assert yielded is not None
    value = yielded.operands[0] if yielded.operands else None
    combiner = value.owner if value is not None else None
    if not isinstance(combiner, Operation) or type(combiner) not in _COMBINERS:
        raise PartialReductionRefused(
            op,
            "the yielded value is not computed by a supported combiner (arith.addf, mulf, "
            "maximumf, minimumf, addi, muli)",
        )
    if out_arg not in combiner.operands or any(
        use.operation is not combiner for use in out_arg.uses
    ):
        raise PartialReductionRefused(
            op, "the combiner must be the only use of the output block argument"
        )
    return combiner


def _check(op: Operation, tile_sizes: Sequence[int]) -> tuple[linalg.GenericOp, int, int]:
    if not isinstance(op, linalg.GenericOp):
        raise PartialReductionRefused(
            op, "only linalg.generic is supported (generalize named ops first)"
        )
    if len(op.outputs) != 1 or not isinstance(op.outputs[0].type, TensorType):
        raise PartialReductionRefused(op, "expected exactly one init, a tensor")
    iterators = [it.data for it in op.iterator_types.data]
    if len(tile_sizes) > len(iterators):
        raise PartialReductionRefused(
            op, f"{len(tile_sizes)} tile sizes for {len(iterators)} loops"
        )
    tiled = [loop for loop, size in enumerate(tile_sizes) if size != 0]
    for loop in tiled:
        if tile_sizes[loop] < 0:
            raise PartialReductionRefused(op, f"negative tile size {tile_sizes[loop]}")
        if iterators[loop] != IteratorType.REDUCTION:
            raise PartialReductionRefused(
                op, f"loop d{loop} is parallel: only reduction loops take a non-zero tile size"
            )
    if len(tiled) != 1:
        raise PartialReductionRefused(
            op, f"expected exactly one tiled reduction loop, got {len(tiled)}"
        )
    out_map = op.indexing_maps.data[-1].data
    if any(AffineExpr.dimension(tiled[0]) == e for e in out_map.results):
        raise PartialReductionRefused(op, "the output map uses the reduction loop")
    _combiner(op)
    return op, tiled[0], tile_sizes[tiled[0]]


def tile_reduction_using_for(op: Operation, tile_sizes: Sequence[int]) -> PartialReduction:
    """Tile the one reduction loop with a non-zero tile size (module docstring); replaces `op`'s
    result by the merge and erases `op`."""
    generic, loop, tile = _check(op, tile_sizes)
    model = require_tiling_model(generic)
    combiner = _combiner(generic)
    init = generic.outputs[0]
    init_type = init.type
    assert isinstance(init_type, TensorType)

    builder = Builder(InsertPoint.before(generic))
    domain = model.get_iteration_domain(builder, generic)
    fill = _partial_init(builder, generic, combiner, tile)
    rank = len(init_type.get_shape())

    extent = domain[loop].size
    lower = materialize_index(builder, domain[loop].offset)
    upper = materialize_index(builder, _add(builder, domain[loop].offset, extent))
    step = materialize_index(builder, tile)
    body = Block(arg_types=[IndexType(), fill.results[0].type])
    for_op = builder.insert(scf.ForOp(lower, upper, step, [fill.results[0]], body))
    iv, acc = body.args

    inner = Builder(InsertPoint.at_end(body))
    static_extent = constant_value(extent)
    if static_extent is not None and constant_value(domain[loop].offset) == 0 and static_extent % tile == 0:
        size: OpFoldResult = tile
    else:
        size = inner.insert(
            affine.MinOp(
                [iv, upper],
                AffineMapAttr(
                    AffineMap(
                        2, 0,
                        (AffineExpr.constant(tile), AffineExpr.dimension(1) - AffineExpr.dimension(0)),
                    )
                ),
            )
        ).result
    clone, out_slice = _op_tile(inner, model, generic, domain, loop, iv, size)
    partial_offsets: list[OpFoldResult] = [0] * (rank + 1)
    out_slice_type = out_slice.type
    assert isinstance(out_slice_type, TensorType)
    partial_sizes: list[OpFoldResult] = [
        s if s != -1 else dim_size(inner, out_slice, d)
        for d, s in enumerate(out_slice_type.get_shape())
    ] + [size]
    partial = extract_slice(inner, acc, partial_offsets, partial_sizes)

    maps = list(clone.indexing_maps.data)
    out_map = maps[-1].data
    maps[-1] = AffineMapAttr(
        AffineMap(out_map.num_dims, out_map.num_symbols, (*out_map.results, AffineExpr.dimension(loop)))
    )
    iterators = [
        IteratorTypeAttr(IteratorType.PARALLEL) if index == loop else it
        for index, it in enumerate(clone.iterator_types.data)
    ]
    region = clone.body.clone()
    split = inner.insert(
        linalg.GenericOp(
            list(clone.inputs), [partial.result], region, ArrayAttr(maps), ArrayAttr(iterators),
            [partial.result.type],
        )
    )
    Rewriter.erase_op(clone)
    _erase_unused_slice(out_slice)
    inserted = inner.insert(insert_slice(split.results[0], acc, partial_offsets, partial_sizes))
    inner.insert(scf.YieldOp(inserted.result))

    merge = builder.insert(_merge(for_op.results[0], init, rank, combiner))
    Rewriter.replace_op(generic, [], [merge.results[0]])
    return PartialReduction((fill,), split, merge, for_op)


def _op_tile(
    builder: Builder,
    model: TilingInterface,
    generic: linalg.GenericOp,
    domain: Sequence[Range],
    loop: int,
    start: OpFoldResult,
    size: OpFoldResult,
) -> tuple[linalg.GenericOp, SSAValue]:
    """The model's tile of `generic` over `[start, start + size)` of `loop` (whole range of the
    other loops), and its output operand (a slice of the original init, to be replaced)."""
    offsets = [r.offset for r in domain]
    sizes: list[OpFoldResult] = [r.size for r in domain]
    offsets[loop], sizes[loop] = start, size
    clone = model.get_tiled_implementation(builder, generic, offsets, sizes).tiled_ops[0]
    assert isinstance(clone, linalg.GenericOp)
    return clone, clone.outputs[0]


def _erase_unused_slice(value: SSAValue) -> None:
    owner = value.owner
    if isinstance(owner, tensor.ExtractSliceOp) and not owner.result.uses:
        Rewriter.erase_op(owner)


def _partial_init(builder: Builder, generic: linalg.GenericOp, combiner: Operation, slots: int) -> Operation:
    """`linalg.fill(neutral, tensor.empty : init shape x slots)`: the partial results."""
    init = generic.outputs[0]
    init_type = init.type
    assert isinstance(init_type, TensorType)
    element = init_type.element_type
    init_sizes = [dim_size(builder, init, d) for d in range(init_type.get_num_dims())]
    partial_shape = [s if isinstance(s, int) else -1 for s in init_sizes] + [slots]
    dynamic = [s for s in init_sizes if not isinstance(s, int)]
    empty = builder.insert(tensor.EmptyOp(dynamic, TensorType(element, partial_shape)))
    neutral = builder.insert(arith.ConstantOp(_neutral(_COMBINERS[type(combiner)], element)))
    return builder.insert(linalg.FillOp([neutral.result], [empty.tensor], [empty.tensor.type]))


def tile_reduction_using_forall(
    op: Operation, num_threads: Sequence[int], mapping: ArrayAttr | None = None
) -> PartialReduction:
    """The `scf.forall` variant (`tile_reduction_using_forall ... by num_threads`): thread `t`
    reduces its chunk `[t * c, min((t + 1) * c, N))` (c = ceil(N / num_threads)) into slot `t`
    of the partial result, serially; the merge is the same `linalg.reduce`. Needs a static
    extent of the reduction loop and a static init shape."""
    generic, loop, threads = _check(op, num_threads)
    model = require_tiling_model(generic)
    combiner = _combiner(generic)
    init_type = generic.outputs[0].type
    assert isinstance(init_type, TensorType)
    if any(d == -1 for d in init_type.get_shape()):
        raise PartialReductionRefused(op, "the init has a dynamic shape (num_threads needs a static one)")
    builder = Builder(InsertPoint.before(generic))
    domain = model.get_iteration_domain(builder, generic)
    extent = constant_value(domain[loop].size)
    offset = constant_value(domain[loop].offset)
    if extent is None or offset is None:
        raise PartialReductionRefused(op, f"loop d{loop} has a dynamic extent (num_threads needs a static one)")
    chunk = max(1, -(-extent // threads))
    used = -(-extent // chunk)
    fill = _partial_init(builder, generic, combiner, threads)
    rank = len(init_type.get_shape())
    forall = builder.insert(
        ForallOp.from_bounds([used], [fill.results[0]], lower_bounds=[0], steps=[1], mapping=mapping)
    )
    (tid,) = forall.induction_vars
    (shared,) = forall.region_iter_args
    inner = Builder(InsertPoint.before(forall.terminator))
    start = apply_affine_expr(inner, AffineExpr.dimension(0) * chunk + offset, [tid])
    if extent % chunk == 0:
        size: OpFoldResult = chunk
    else:
        size = inner.insert(
            affine.MinOp(
                [tid],
                AffineMapAttr(
                    AffineMap(1, 0, (AffineExpr.constant(chunk), AffineExpr.dimension(0) * -chunk + extent))
                ),
            )
        ).result
    clone, out_slice = _op_tile(inner, model, generic, domain, loop, start, size)
    slot_offsets: list[OpFoldResult] = [0] * rank + [tid]
    slot_sizes: list[OpFoldResult] = list(init_type.get_shape()) + [1]
    # The slot of thread t, rank-reduced to the init's type.
    slot = tensor.ExtractSliceOp(shared, fold_constants(slot_offsets), slot_sizes, [1] * (rank + 1), init_type)
    Rewriter.insert_op(slot, InsertPoint.before(clone))
    out_index = len(clone.operands) - 1
    clone.operands[out_index] = slot.result
    _erase_unused_slice(out_slice)
    forall.terminator.body.add_op(
        ParallelInsertSliceOp(clone.results[0], shared, fold_constants(slot_offsets), slot_sizes)
    )
    merge = builder.insert(_merge(forall.results[0], generic.outputs[0], rank, combiner))
    Rewriter.replace_op(generic, [], [merge.results[0]])
    return PartialReduction((fill,), clone, merge, forall)  # pyright: ignore[reportArgumentType]


def _add(builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
    if constant_value(a) == 0:
        return b
    return apply_affine_expr(builder, AffineExpr.dimension(0) + AffineExpr.dimension(1), [a, b])


def _merge(partial: SSAValue, init: SSAValue, rank: int, combiner: Operation) -> Operation:
    """`linalg.reduce ins(partial) outs(init) dimensions = [rank]` with the combiner."""
    element = partial.type.element_type  # pyright: ignore[reportAttributeAccessIssue]
    block = Block(arg_types=[element, element])
    new = type(combiner).create(
        operands=[block.args[0], block.args[1]],
        result_types=[element],
        properties=dict(combiner.properties),
        attributes=dict(combiner.attributes),
    )
    block.add_op(new)
    block.add_op(linalg.YieldOp(new.results[0]))
    return linalg.ReduceOp(partial, init, DenseArrayBase.from_list(i64, [rank]), Region(block))


