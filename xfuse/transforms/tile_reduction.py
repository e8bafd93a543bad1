"""Partial-reduction tiling (MLIR 22's `tileUsingSCF` with the partial-reduction strategies;
`transform.structured.tile_reduction_using_for` / `_forall`): tile reduction loops so that each
tile accumulates into its own slot of a partial-result tensor, then merge the partial results
once after the loops.

Terms (MLIR's): the *tiled loops* are those with a non-zero tile size (reduction loops only);
the *partial dims* (`reduction_dims`) are the tiled loops given by `reduction_dims` (all
reduction loops when not given), in that order. Init `i`'s partial result is indexed by the
init's map followed by the partial dims: shape = the init's, then one extent per partial dim.

`tile_reduction_using_for` (outer reduction: loops over tiles, the partial dims become parallel
in the tile):

    %fill_i = linalg.fill(neutral_i, tensor.empty : init_i shape x tile sizes of the partial dims)
    %part:n = scf.for %k1 ... { scf.for %k2 ... iter_args(%acc = ...) {   // one per tiled loop
      %p_i = tensor.extract_slice %acc_i[0, ..][init_i shape.., sz_k..]
      %t:n = linalg.generic (partial dims parallel; init maps gain the partial dims)
               ins(<the op's input tiles>) outs(%p_i...)                    // the "split op"
      scf.yield (tensor.insert_slice %t_i into %acc_i)... }}
    %res_i = linalg.reduce ins(%part_i) outs(%init_i) dimensions = [rank_i, ...]  // the merge

`sz_k` is the tile size `T` when it divides the extent, else `min(T, N - k)` (the slots a
partial last tile does not reach keep their neutral value). A named op (linalg.matmul,
linalg.reduce, ...) becomes a `linalg.generic` with its body, as in MLIR.

`tile_reduction_using_forall` (outer parallel: one forall iteration per tile, which reduces its
tile serially into its slot): with `num_threads`, loop `d` gets `num_threads[d]` slots and
chunks of `ceil(N / num_threads[d])` (on a dynamic extent, sizes floored at 0 for threads past
the end); with `tile_sizes` (used only without `num_threads`, as in MLIR), `ceil(N / T)` slots
and the forall steps by `T`, the slot being `iv floordiv T`. The split
op is the op itself (named ops stay named) on the input tiles, its init a rank-reduced slice of
the partial result at the slot; `tensor.parallel_insert_slice` writes it back.

Beyond MLIR 22: a `linalg.index` in the body is offset by the tile's position (MLIR 22's
partial-reduction tiling leaves it relative to the tile, which computes a different result).

What is refused (a `PartialReductionRefused` with the reason, before any IR is built): an op
without a structured view, not on tensors, or with elements that are neither integers nor
floats; a combiner that is not a single supported op per init (`reduction_combiners.py`); a tile
size on a parallel loop (as MLIR); no tiled reduction loop (mlir-opt 22 crashes); more tile
sizes than loops (mlir-opt 22 ignores the extra ones); an init map that is not a projection of
loops, or that uses a tiled loop; in the forall variant, a tiled loop that is not a partial dim
(mlir-opt 22 then writes several iterations into the same slot, or out of the partial result)
and a `mapping` whose size is not the number of tiled loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import affine, arith, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    IndexType,
    IntegerType,
    TensorType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError
from xfuse.dialects.linalg_reduce import ReduceOp
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    TilingInterface,
    apply_affine_expr,
    constant_value,
    fold_constants,
    materialize_index,
    require_tiling_model,
)
from xfuse.interfaces.tiling_linalg import StructuredView, structured_view
from xfuse.interfaces.tiling_utils import extract_slice, insert_slice
from xfuse.transforms.reduction_combiners import combiner_of, neutral_element

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
    """What partial-reduction tiling built (MLIR's results of the transform ops)."""

    fill_ops: tuple[Operation, ...]
    """One `linalg.fill` of a partial result per init."""
    split_op: Operation
    """The partial-reduction op in the loop body."""
    merge_ops: tuple[Operation, ...]
    """One `linalg.reduce` per init, merging its partial result into the original init."""
    loop: Operation
    """The outermost `scf.for`, or the `scf.forall`."""

    @property
    def handles(self) -> list[Operation]:
        """MLIR's flat result list of the transform op for one target: fills, split op, merges,
        loop (the transform op's results take them in this order, by position)."""
        return [*self.fill_ops, self.split_op, *self.merge_ops, self.loop]


# -- what to tile -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """What to tile and how, checked: every refusal happens while planning, before any IR
    changes."""

    op: Operation
    view: StructuredView
    model: TilingInterface
    sizes: tuple[int, ...]
    """One tile size (or thread count) per loop, 0 = untiled."""
    tiled: tuple[int, ...]
    """The loops with a non-zero size, in loop order."""
    partial_dims: tuple[int, ...]
    """The tiled loops that index the partial results, in `reduction_dims` order."""
    combiners: tuple[Operation, ...]

    @property
    def inits(self) -> tuple[SSAValue, ...]:
        return self.view.outputs

    def partial_map(self, init_index: int) -> tuple[int, ...]:
        """The loops indexing init `init_index`'s partial result: its map, then the partial dims."""
        out_map = self.view.maps[self.view.num_inputs + init_index]
        return tuple(e.position for e in out_map.results if isinstance(e, AffineDimExpr)) + self.partial_dims

    def merge_dimensions(self, init_index: int) -> list[int]:
        rank = len(self.view.maps[self.view.num_inputs + init_index].results)
        return list(range(rank, rank + len(self.partial_dims)))


def _plan(op: Operation, sizes: Sequence[int], reduction_dims: Sequence[int] | None) -> _Plan:
    """Check `op` and the options against MLIR 22's partial-reduction rules (module docstring)."""
    view = structured_view(op)
    if view is None:
        raise PartialReductionRefused(op, "not a structured linalg op (no partial-reduction model)")
    if not view.outputs or not all(isinstance(v.type, TensorType) for v in view.outputs):
        raise PartialReductionRefused(op, "expected tensor semantics: every init a tensor")
    for index, init in enumerate(view.outputs):
        element = init.type.element_type  # pyright: ignore[reportAttributeAccessIssue]
        if not isinstance(element, IntegerType | AnyFloat):
            raise PartialReductionRefused(
                op,
                f"init #{index} has elements of type {element}: partial results "
                "(linalg.fill) take integers and floats",
            )
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        raise PartialReductionRefused(op, "expected a body of one block")
    body = op.regions[0].block
    if len(body.args) != len(view.operands):
        raise PartialReductionRefused(
            op, f"the body has {len(body.args)} arguments for {len(view.operands)} operands"
        )
    loops = view.num_loops
    if len(sizes) > loops:
        raise PartialReductionRefused(op, f"{len(sizes)} tile sizes for {loops} loops")
    padded = tuple(sizes) + (0,) * (loops - len(sizes))
    for loop, size in enumerate(padded):
        if size < 0:
            raise PartialReductionRefused(op, f"negative tile size {size} for loop d{loop}")
        if size and view.iterator_types[loop] != IteratorType.REDUCTION:
            raise PartialReductionRefused(
                op,
                f"loop d{loop} is parallel: only reduction loops take a non-zero tile size "
                "(tiling parallel dimensions is not supported with partial reduction tiling "
                "strategies, as in MLIR)",
            )
    tiled = tuple(loop for loop, size in enumerate(padded) if size)
    if not tiled:
        raise PartialReductionRefused(op, "no reduction loop has a non-zero tile size")
    if reduction_dims is None:
        given = [loop for loop in range(loops) if view.iterator_types[loop] == IteratorType.REDUCTION]
    else:
        given = list(dict.fromkeys(reduction_dims))  # as MLIR (a SetVector): repeats dropped
        for dim in given:
            if not 0 <= dim < loops:
                raise PartialReductionRefused(op, f"reduction_dims: d{dim} is not a loop of the op")
    # As MLIR: a dim of reduction_dims that is not tiled is dropped.
    partial_dims = tuple(dim for dim in given if padded[dim])
    for index, init in enumerate(view.outputs):
        out_map = view.maps[view.num_inputs + index]
        if not all(isinstance(e, AffineDimExpr) for e in out_map.results):
            raise PartialReductionRefused(
                op, f"the indexing map of init #{index} is not a projection of loops"
            )
        used = {e.position for e in out_map.results if isinstance(e, AffineDimExpr)}
        if used & set(tiled):
            raise PartialReductionRefused(op, f"the indexing map of init #{index} uses a tiled loop")
    combiners: list[Operation] = []
    for index in range(len(view.outputs)):
        combiner = combiner_of(body, view.num_inputs, index)
        if isinstance(combiner, str):
            which = f"init #{index}: " if len(view.outputs) > 1 else ""
            raise PartialReductionRefused(op, f"{which}{combiner}")
        combiners.append(combiner)
    return _Plan(op, view, require_tiling_model(op), padded, tiled, partial_dims, tuple(combiners))


# -- tile_reduction_using_for -------------------------------------------------------------------


def tile_reduction_using_for(
    op: Operation, tile_sizes: Sequence[int], reduction_dims: Sequence[int] | None = None
) -> PartialReduction:
    """Tile the reduction loops with a non-zero tile size into nested `scf.for`s accumulating
    into partial results (module docstring); replaces `op`'s results by the merges and erases
    `op`."""
    plan = _plan(op, tile_sizes, reduction_dims)
    builder = Builder(InsertPoint.before(op))
    domain = _domain(builder, plan)
    slots: dict[int, OpFoldResult] = {dim: plan.sizes[dim] for dim in plan.partial_dims}
    fills = [_partial_init(builder, plan, index, domain, slots) for index in range(len(plan.inits))]

    accs = [fill.results[0] for fill in fills]
    loops: list[scf.ForOp] = []
    inner = builder
    offsets = [r.offset for r in domain]
    tile_sizes: list[OpFoldResult] = [r.size for r in domain]
    for loop in plan.tiled:
        lower = materialize_index(inner, 0)
        upper = materialize_index(inner, domain[loop].size)
        step = materialize_index(inner, plan.sizes[loop])
        body = Block(arg_types=[IndexType(), *(a.type for a in accs)])
        for_op = inner.insert(scf.ForOp(lower, upper, step, accs, body))
        if loops:
            inner.insert(scf.YieldOp(*for_op.results))
        loops.append(for_op)
        inner = Builder(InsertPoint.at_end(body))
        iv, *accs = body.args
        offsets[loop] = iv
        tile_sizes[loop] = _clamped_size(inner, iv, plan.sizes[loop], domain[loop].size, may_be_empty=False)

    clone = plan.model.get_tiled_implementation(inner, op, offsets, tile_sizes).tiled_ops[0]
    clone_view = structured_view(clone)
    assert clone_view is not None
    partial_offsets: list[list[OpFoldResult]] = []
    partial_sizes: list[list[OpFoldResult]] = []
    partial_slices: list[SSAValue] = []
    for index, acc in enumerate(accs):
        dims = plan.partial_map(index)
        partial_offsets.append([0] * len(dims))
        partial_sizes.append([tile_sizes[d] for d in dims])
        partial_slices.append(extract_slice(inner, acc, partial_offsets[-1], partial_sizes[-1]).result)
    split = inner.insert(_split_generic(plan, clone, clone_view, partial_slices))
    old_outputs = clone_view.outputs
    Rewriter.erase_op(clone)
    for value in old_outputs:
        _erase_unused_slice(value)
    inserted = [
        inner.insert(insert_slice(split.results[i], acc, partial_offsets[i], partial_sizes[i])).result
        for i, acc in enumerate(accs)
    ]
    inner.insert(scf.YieldOp(*inserted))

    merges = [
        builder.insert(_merge(plan, index, loops[0].results[index])) for index in range(len(plan.inits))
    ]
    Rewriter.replace_op(op, [], [merge.results[0] for merge in merges])
    return PartialReduction(tuple(fills), split, tuple(merges), loops[0])


def _domain(builder: Builder, plan: _Plan) -> list[Range]:
    """The op's iteration domain; linalg loops start at 0, which the loops below rely on."""
    domain = plan.model.get_iteration_domain(builder, plan.op)
    assert all(constant_value(r.offset) == 0 for r in domain), "a structured op's loops start at 0"
    return domain


def _split_generic(
    plan: _Plan, clone: Operation, clone_view: StructuredView, partial_slices: Sequence[SSAValue]
) -> linalg.GenericOp:
    """The tile `clone` as a `linalg.generic` writing into the partial results: init maps gain
    the partial dims, which become parallel; the body is the op's (named ops' included)."""
    num_inputs = clone_view.num_inputs
    maps = [AffineMapAttr(m) for m in clone_view.maps]
    for index in range(len(partial_slices)):
        out_map = clone_view.maps[num_inputs + index]
        extra = tuple(AffineExpr.dimension(d) for d in plan.partial_dims)
        maps[num_inputs + index] = AffineMapAttr(
            AffineMap(out_map.num_dims, out_map.num_symbols, (*out_map.results, *extra))
        )
    iterators = [
        IteratorTypeAttr(IteratorType.PARALLEL if loop in plan.partial_dims else it)
        for loop, it in enumerate(clone_view.iterator_types)
    ]
    return linalg.GenericOp(
        list(clone_view.operands[:num_inputs]),
        list(partial_slices),
        clone.regions[0].clone(),
        ArrayAttr(maps),
        ArrayAttr(iterators),
        [s.type for s in partial_slices],
    )


def _erase_unused_slice(value: SSAValue) -> None:
    owner = value.owner
    if isinstance(owner, tensor.ExtractSliceOp) and not owner.result.uses:
        Rewriter.erase_op(owner)


def _partial_init(
    builder: Builder, plan: _Plan, index: int, domain: Sequence[Range], slots: dict[int, OpFoldResult]
) -> Operation:
    """`linalg.fill(neutral, tensor.empty)` of init `index`'s partial result: the init's extents,
    then `slots[d]` per partial dim `d`."""
    init_type = plan.inits[index].type
    assert isinstance(init_type, TensorType)
    dims = plan.partial_map(index)
    extents: list[OpFoldResult] = [slots[d] if d in slots else domain[d].size for d in dims]
    static = [constant_value(e) for e in extents]
    shape = [DYNAMIC_INDEX if s is None else s for s in static]
    dynamic = [materialize_index(builder, e) for e, s in zip(extents, static, strict=True) if s is None]
    element = init_type.element_type
    empty = builder.insert(tensor.EmptyOp(dynamic, TensorType(element, shape)))
    neutral = builder.insert(arith.ConstantOp(neutral_element(plan.combiners[index], element)))
    return builder.insert(linalg.FillOp([neutral.result], [empty.tensor], [empty.tensor.type]))


def _merge(plan: _Plan, index: int, partial: SSAValue) -> ReduceOp:
    """`linalg.reduce ins(partial) outs(init) dimensions = [partial dims]` with the combiner."""
    combiner = plan.combiners[index]
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
    return ReduceOp([partial], [plan.inits[index]], plan.merge_dimensions(index), Region(block))


# -- tile_reduction_using_forall ----------------------------------------------------------------


def tile_reduction_using_forall(
    op: Operation,
    num_threads: Sequence[int] = (),
    mapping: ArrayAttr | None = None,
    *,
    tile_sizes: Sequence[int] = (),
    reduction_dims: Sequence[int] | None = None,
) -> PartialReduction:
    """The `scf.forall` variant (module docstring): one iteration per chunk (`num_threads`) or
    per tile (`tile_sizes`, used when `num_threads` is empty), each reducing its part serially
    into its slot of the partial results."""
    by_threads = bool(num_threads)
    plan = _plan(op, num_threads if by_threads else tile_sizes, reduction_dims)
    stray = [d for d in plan.tiled if d not in plan.partial_dims]
    if stray:
        raise PartialReductionRefused(
            op,
            f"loop d{stray[0]} is tiled but not in reduction_dims: its iterations would write "
            "the same slot of the partial result (mlir-opt 22 emits that race)",
        )
    if mapping is not None and len(mapping.data) != len(plan.tiled):
        raise PartialReductionRefused(
            op,
            f"mapping has {len(mapping.data)} entries for {len(plan.tiled)} tiled loops (the "
            "scf.forall's dimensions; MLIR: 'mapping attribute size must match op rank')",
        )
    builder = Builder(InsertPoint.before(op))
    domain = _domain(builder, plan)
    extent = {d: domain[d].size for d in plan.tiled}
    # Per tiled loop: the tile (chunk) size and the number of slots of the partial result.
    if by_threads:
        chunk = {d: _ceil_div(builder, extent[d], plan.sizes[d]) for d in plan.tiled}
        slots: dict[int, OpFoldResult] = {d: plan.sizes[d] for d in plan.tiled}
    else:
        chunk = {d: plan.sizes[d] for d in plan.tiled}
        slots = {d: _ceil_div(builder, extent[d], plan.sizes[d]) for d in plan.tiled}
    fills = [_partial_init(builder, plan, index, domain, slots) for index in range(len(plan.inits))]
    shared = [f.results[0] for f in fills]
    if by_threads:
        # With static extents, threads past the last chunk would get empty tiles: the forall
        # stops at the last chunk (their slots keep the neutral value).
        iterations: list[OpFoldResult] = []
        for d in plan.tiled:
            static_chunk, static_extent = constant_value(chunk[d]), constant_value(extent[d])
            if static_chunk is None or static_extent is None:
                iterations.append(plan.sizes[d])
            else:
                iterations.append(-(-static_extent // static_chunk))
        forall = ForallOp.from_bounds(
            iterations, shared,
            lower_bounds=[0] * len(plan.tiled), steps=[1] * len(plan.tiled), mapping=mapping,
        )
    else:
        forall = ForallOp.from_bounds(
            [extent[d] for d in plan.tiled], shared,
            lower_bounds=[0] * len(plan.tiled), steps=[chunk[d] for d in plan.tiled], mapping=mapping,
        )
    builder.insert(forall)
    inner = Builder(InsertPoint.before(forall.terminator))
    offsets = [r.offset for r in domain]
    sizes: list[OpFoldResult] = [r.size for r in domain]
    slot_index: dict[int, OpFoldResult] = {}
    for iv, d in zip(forall.induction_vars, plan.tiled, strict=True):
        if by_threads:
            slot_index[d] = iv
            offsets[d] = _mul(inner, iv, chunk[d])
        else:
            slot_index[d] = apply_affine_expr(inner, AffineExpr.dimension(0) // plan.sizes[d], [iv])
            offsets[d] = iv
        sizes[d] = _clamped_size(inner, offsets[d], chunk[d], extent[d], may_be_empty=by_threads)
    clone = plan.model.get_tiled_implementation(inner, op, offsets, sizes).tiled_ops[0]
    clone_view = structured_view(clone)
    assert clone_view is not None
    for index, partial in enumerate(forall.region_iter_args):
        dims = plan.partial_map(index)
        slot_offsets = fold_constants([slot_index[d] if d in slot_index else 0 for d in dims])
        slot_sizes = fold_constants([1 if d in slot_index else sizes[d] for d in dims])
        position = clone_view.num_inputs + index
        old = clone.operands[position]
        # The slot of this iteration, rank-reduced to the type of the init's tile.
        slot = tensor.ExtractSliceOp(partial, slot_offsets, slot_sizes, [1] * len(dims), old.type)
        Rewriter.insert_op(slot, InsertPoint.before(clone))
        clone.operands[position] = slot.result
        _erase_unused_slice(old)
        forall.terminator.body.add_op(
            ParallelInsertSliceOp(clone.results[index], partial, slot_offsets, slot_sizes)
        )
    merges = [
        builder.insert(_merge(plan, index, forall.results[index])) for index in range(len(plan.inits))
    ]
    Rewriter.replace_op(op, [], [merge.results[0] for merge in merges])
    return PartialReduction(tuple(fills), clone, tuple(merges), forall)


def _ceil_div(builder: Builder, value: OpFoldResult, divisor: int) -> OpFoldResult:
    return apply_affine_expr(builder, AffineExpr.dimension(0).ceil_div(divisor), [value])


def _mul(builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
    """`a * b`: affine when one side is static, else `arith.muli` (a product of two unknowns
    is not affine)."""
    static_a, static_b = constant_value(a), constant_value(b)
    if static_b is not None:
        return apply_affine_expr(builder, AffineExpr.dimension(0) * static_b, [a])
    if static_a is not None:
        return apply_affine_expr(builder, AffineExpr.dimension(0) * static_a, [b])
    return builder.insert(arith.MuliOp(materialize_index(builder, a), materialize_index(builder, b))).result


def _clamped_size(
    builder: Builder, offset: OpFoldResult, chunk: OpFoldResult, extent: OpFoldResult, may_be_empty: bool
) -> OpFoldResult:
    """The size of the part starting at `offset`: `chunk`, or `min(chunk, extent - offset)` when
    the last part may be partial, floored at 0 when a part may start past the end (threads
    beyond the last chunk of a dynamic extent, where MLIR has an `affine.max`)."""
    static_chunk, static_extent = constant_value(chunk), constant_value(extent)
    if static_chunk is not None and static_extent is not None and static_extent % static_chunk == 0:
        return static_chunk
    operands: list[SSAValue] = []

    def bind(value: OpFoldResult) -> AffineExpr:
        static = constant_value(value)
        if static is not None:
            return AffineExpr.constant(static)
        operands.append(materialize_index(builder, value))
        return AffineExpr.dimension(len(operands) - 1)

    chunk_expr, remaining = bind(chunk), bind(extent) - bind(offset)
    min_map = AffineMap(len(operands), 0, (chunk_expr, remaining))
    size: SSAValue = builder.insert(affine.MinOp(operands, AffineMapAttr(min_map))).result
    if may_be_empty and (static_chunk is None or static_extent is None):
        # xDSL has no affine.max: arith.maxsi on the index.
        size = builder.insert(arith.MaxSIOp(materialize_index(builder, 0), size)).result
    return size
