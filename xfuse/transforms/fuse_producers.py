"""`xfuse-fuse-producers`: fuse the producer of a `tensor.extract_slice` into its loop nest.

Producer fusion (MLIR's `scf::tileAndFuseProducerOfSlice`): a slice inside a loop nest reads a
tile of a value computed outside the nest; replace the slice by that tile of the producer,
computed in place by the producer's TilingInterface (`generate_result_tile_value`).

The pieces, kept apart as in MLIR's TileUsingInterface.cpp:

- `walk_slice_chain(slice)`: the chain from a slice out to the value it reads: slices of slices,
  crossing `scf.for` iter_args and `scf.forall` shared_outs to their init operands, up to the
  root value (its producer op, if any). Reusable: diffusion picks among the chain's slices.
- `compose_slice_chain(builder, chain)`: the chain's slice in the root's coordinates (offsets add
  up, sizes are the innermost slice's; unit strides, no rank reduction).
- `fuse_producer_of_slice(rewriter, slice)`: one fusion, or `FusionRefused` with the reason.
- `fuse_producers(op, only_marked=..., remark=...)`: the driver, to a fixed point (the tiled
  producer's own operand slices become candidates); the caller decides what a refusal becomes.

Destination fusion: when the chain crosses loop-carried values (a fill feeding a forall's
shared_outs or an scf.for's iter_args), the tiled producer writes into the slice of the loop's
block argument (its destination) and the outermost loop's init becomes the producer's own init,
as upstream does. This is only legal when every iteration reads a region of the loop-carried value
that no earlier iteration wrote: an `scf.for` whose induction variable does not move the slice
(it tiles a reduction of the consumer: the K loop of a matmul) carries an accumulator, and a fill
fused into it would reset it every iteration. That is refused, naming the loop and, when the
consumer is a structured op, the reduction dimension it tiles. See docs/passes/xfuse-fuse-producers.md.

The original producer is kept for users outside the loop (it is not yielded from the loop: the
tile is recomputed inside) and erased once it has no users left.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import affine, arith, scf, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, ModuleOp, TensorType
from xdsl.dialects.utils import get_dynamic_index_list
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xfuse.diagnostics import XfuseError, format_diagnostic, location_of
from xfuse.dialects.linalg_pack import PackOp, UnPackOp
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    TilingRefused,
    apply_affine_expr,
    constant_value,
    tiling_model_for,
)
from xfuse.interfaces.tiling_linalg import structured_view

__all__ = [
    "FUSE_MARKER",
    "FusionRefused",
    "FusionResult",
    "FuseProducersPass",
    "LoopCrossing",
    "SliceChain",
    "compose_slice_chain",
    "fuse_producer_of_slice",
    "fuse_producers",
    "walk_slice_chain",
]

FUSE_MARKER = "xfuse.fuse"
"""Unit attribute marking a slice (fuse its producer) or a producer (fuse it into every loop
nest slicing it) for `only_marked` mode; a marked candidate that cannot be fused is an error."""

LoopOp = scf.ForOp | ForallOp


class FusionRefused(XfuseError):
    """Producer fusion at a slice is not possible or not legal; `reason` says why."""

    def __init__(self, op: Operation, reason: str):
        self.reason = reason
        super().__init__(f"cannot fuse the producer of '{op.name}': {reason}", op)


# -- the slice chain ----------------------------------------------------------------------


@dataclass(frozen=True)
class LoopCrossing:
    """A link of a chain passing from a loop's block argument to the operand initializing it
    (`scf.for` iter_args, `scf.forall` shared_outs)."""

    loop: Operation
    block_arg: BlockArgument
    operand_index: int
    """Index of the init operand in `loop.operands`."""

    @property
    def init(self) -> SSAValue:
        return self.loop.operands[self.operand_index]

    @property
    def induction_vars(self) -> tuple[SSAValue, ...]:
        if isinstance(self.loop, ForallOp):
            return tuple(self.loop.induction_vars)
        assert isinstance(self.loop, scf.ForOp)
        return (self.loop.body.block.args[0],)


ChainLink = tensor.ExtractSliceOp | LoopCrossing


@dataclass(frozen=True)
class SliceChain:
    """From a slice out to the value it reads, inner to outer.

    `links[0]` is the slice the chain starts from; then every further slice it reads through and
    every loop-carried value it crosses, in order; `root` is the value at the outer end: a
    producer op's result, or a block argument (function argument, ...) with no producer.
    """

    links: tuple[ChainLink, ...]
    root: SSAValue

    @property
    def slice(self) -> tensor.ExtractSliceOp:
        first = self.links[0]
        assert isinstance(first, tensor.ExtractSliceOp)
        return first

    @property
    def slices(self) -> tuple[tensor.ExtractSliceOp, ...]:
        """The slices of the chain, inner to outer (what diffusion chooses among)."""
        return tuple(link for link in self.links if isinstance(link, tensor.ExtractSliceOp))

    @property
    def crossings(self) -> tuple[LoopCrossing, ...]:
        return tuple(link for link in self.links if isinstance(link, LoopCrossing))

    @property
    def producer(self) -> Operation | None:
        return self.root.owner if isinstance(self.root, OpResult) else None

    @property
    def result_index(self) -> int:
        assert isinstance(self.root, OpResult)
        return self.root.index

    @property
    def through_destination(self) -> bool:
        """Whether the chain crosses a loop-carried value: fusing its producer is destination
        fusion (the loop's init is rewired)."""
        return any(isinstance(link, LoopCrossing) for link in self.links)


def walk_slice_chain(slice_op: tensor.ExtractSliceOp) -> SliceChain:
    """The chain from `slice_op` out to the value it reads: through `tensor.extract_slice`
    sources, `scf.for` iter_args (to the loop's init operand) and `scf.forall` shared_outs (to
    the shared_outs operand). Never fails and builds nothing: legality is checked elsewhere."""
    links: list[ChainLink] = [slice_op]
    value: SSAValue = slice_op.source
    while True:
        if isinstance(value, OpResult) and isinstance(value.owner, tensor.ExtractSliceOp):
            links.append(value.owner)
            value = value.owner.source
            continue
        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if isinstance(loop, scf.ForOp) and value.index >= 1:
                # Body arguments: the induction variable, then one per iter_arg.
                crossing = LoopCrossing(loop, value, 3 + value.index - 1)
                links.append(crossing)
                value = crossing.init
                continue
            if isinstance(loop, ForallOp) and value.index >= loop.rank:
                outputs_start = len(loop.operands) - len(loop.outputs)
                crossing = LoopCrossing(loop, value, outputs_start + value.index - loop.rank)
                links.append(crossing)
                value = crossing.init
                continue
        return SliceChain(tuple(links), value)


def _mixed(static: Sequence[int], dynamic: Sequence[SSAValue]) -> list[OpFoldResult]:
    return list(get_dynamic_index_list(static, dynamic, DYNAMIC_INDEX))


def mixed_offsets(slice_op: tensor.ExtractSliceOp) -> list[OpFoldResult]:
    return _mixed(slice_op.static_offsets.get_values(), slice_op.offsets)


def mixed_sizes(slice_op: tensor.ExtractSliceOp) -> list[OpFoldResult]:
    return _mixed(slice_op.static_sizes.get_values(), slice_op.sizes)


def mixed_strides(slice_op: tensor.ExtractSliceOp) -> list[OpFoldResult]:
    return _mixed(slice_op.static_strides.get_values(), slice_op.strides)


def check_composable(chain: SliceChain) -> None:
    """Refuse chains whose slices cannot be composed into one slice of the root: non-unit
    strides, and rank-reducing slices (the tile would not have the producer result's rank)."""
    for slice_op in chain.slices:
        strides = mixed_strides(slice_op)
        if any(constant_value(s) != 1 for s in strides):
            raise FusionRefused(
                chain.slice,
                f"{_which_slice(chain, slice_op)} has non-unit strides "
                "(only unit-stride slices are composed)",
            )
        source_type, result_type = slice_op.source.type, slice_op.result.type
        assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
        if len(source_type.get_shape()) != len(result_type.get_shape()):
            raise FusionRefused(
                chain.slice, f"{_which_slice(chain, slice_op)} is rank-reducing (not supported)"
            )


def _which_slice(chain: SliceChain, slice_op: tensor.ExtractSliceOp) -> str:
    if slice_op is chain.slice:
        return "the slice"
    return f"the slice it reads at {location_of(slice_op)}"


def compose_slice_chain(
    builder: PatternRewriter | object, chain: SliceChain
) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
    """(offsets, sizes) of the chain's slice in the coordinates of `chain.root`: the offsets of
    every slice added up, the sizes of the innermost. Index arithmetic goes at the builder
    (folded when static). Loop crossings do not move coordinates (a loop-carried value and its
    init are the same tensor). Refuses non-unit strides and rank-reducing slices."""
    check_composable(chain)
    slices = chain.slices
    offsets: list[OpFoldResult] = mixed_offsets(slices[-1])
    for slice_op in reversed(slices[:-1]):
        offsets = [
            apply_affine_expr(
                builder,  # pyright: ignore[reportArgumentType]
                AffineExpr.dimension(0) + AffineExpr.dimension(1),
                [outer, inner],
            )
            for outer, inner in zip(offsets, mixed_offsets(slice_op), strict=True)
        ]
    return offsets, mixed_sizes(chain.slice)


# -- legality -----------------------------------------------------------------------------


def _depends_on(value: SSAValue, targets: set[SSAValue], memo: dict[SSAValue, bool]) -> bool:
    """Whether `value` is computed (transitively, through op operands) from one of `targets`."""
    if value in memo:
        return memo[value]
    memo[value] = False  # cycles (graph regions) count as independent
    result = value in targets or (
        isinstance(value, OpResult)
        and any(_depends_on(operand, targets, memo) for operand in value.owner.operands)
    )
    memo[value] = result
    return result


def _offset_dims_moved_by(slice_op: tensor.ExtractSliceOp, ivs: set[SSAValue]) -> list[int]:
    """Dimensions of `slice_op` whose offset (summed over its chain of slices) depends on `ivs`."""
    memo: dict[SSAValue, bool] = {}
    moved: set[int] = set()
    current: SSAValue = slice_op.result
    while isinstance(current, OpResult) and isinstance(current.owner, tensor.ExtractSliceOp):
        for dim, offset in enumerate(mixed_offsets(current.owner)):
            if isinstance(offset, SSAValue) and _depends_on(offset, ivs, memo):
                moved.add(dim)
        current = current.owner.source
    return sorted(moved)


def _reduction_tiled_by(
    slice_op: tensor.ExtractSliceOp, ivs: set[SSAValue]
) -> tuple[Operation, int, int] | None:
    """A structured consumer of `slice_op`, one of its operands and a reduction loop of it
    that the induction variables `ivs` move: (consumer, operand index, loop), or None."""
    for use in slice_op.result.uses:
        consumer = use.operation
        view = structured_view(consumer)
        if view is None:
            continue
        for index, operand in enumerate(view.operands):
            if not (isinstance(operand, OpResult) and isinstance(operand.owner, tensor.ExtractSliceOp)):
                continue
            results = view.maps[index].results
            for dim in _offset_dims_moved_by(operand.owner, ivs):
                expr = results[dim] if dim < len(results) else None
                position = getattr(expr, "position", None)
                if position is not None and view.iterator_types[position] == IteratorType.REDUCTION:
                    return consumer, index, position
    return None


def _describe_loop(loop: Operation) -> str:
    return f"'{loop.name}' at {location_of(loop)}"


def check_destination_fusion(chain: SliceChain) -> None:
    """Refuse destination fusion through `chain` unless every iteration of every crossed loop
    reads a region of the loop-carried value that no earlier iteration wrote, and the
    loop-carried values are only read through the chain (see the module docstring)."""
    producer = chain.producer
    assert producer is not None
    inner_slices: list[tensor.ExtractSliceOp] = []
    for link in chain.links:
        if isinstance(link, tensor.ExtractSliceOp):
            inner_slices.append(link)
            continue
        ivs = set(link.induction_vars)
        memo: dict[SSAValue, bool] = {}
        moves = any(
            isinstance(offset, SSAValue) and _depends_on(offset, ivs, memo)
            for slice_op in inner_slices
            for offset in mixed_offsets(slice_op)
        )
        if moves:
            continue
        reduction = _reduction_tiled_by(chain.slice, ivs)
        if reduction is not None:
            consumer, operand_index, loop_dim = reduction
            raise FusionRefused(
                chain.slice,
                f"'{producer.name}' is the destination of {_describe_loop(link.loop)}, which "
                f"tiles reduction dimension d{loop_dim} of '{consumer.name}' (its induction "
                f"variable moves the slice of operand #{operand_index}): every iteration "
                "accumulates into what the previous one wrote, and the fused producer would "
                "overwrite it",
            )
        raise FusionRefused(
            chain.slice,
            f"'{producer.name}' is the destination of {_describe_loop(link.loop)}, whose "
            "induction variable does not move the slice: every iteration reads what the "
            "previous one wrote (a loop-carried accumulator), not the producer's value",
        )
    # The rewired init changes what every reader of the loop-carried values sees: only the
    # chain may read them; insertions (the loop's writes) and shape queries are fine.
    for index, link in enumerate(chain.links[1:], start=1):
        value = link.block_arg if isinstance(link, LoopCrossing) else link.result
        reader = chain.links[index - 1]
        for use in value.uses:
            user = use.operation
            if user is reader or (isinstance(reader, LoopCrossing) and user is reader.loop):
                continue
            if isinstance(link, LoopCrossing) and (
                isinstance(user, tensor.InsertSliceOp | ParallelInsertSliceOp)
                and use.index == 1
                or isinstance(user, tensor.DimOp)
            ):
                continue
            raise FusionRefused(
                chain.slice,
                f"'{producer.name}' is the destination of {_describe_loop(_crossing_loop(chain, index))}, "
                f"whose loop-carried value is also used by '{user.name}' at {location_of(user)}: "
                "rewiring the loop's init would change what it reads",
            )


def _crossing_loop(chain: SliceChain, index: int) -> Operation:
    """The loop that link `index` belongs to: its own crossing, else the nearest one outward
    (a slice inside that loop), else the nearest one inward (a slice outside every loop)."""
    outward = [link for link in chain.links[index:] if isinstance(link, LoopCrossing)]
    inward = [link for link in chain.links[:index] if isinstance(link, LoopCrossing)]
    return (outward[0] if outward else inward[-1]).loop


def _destination_operand_index(producer: Operation, result_index: int) -> int | None:
    """The index of the init operand result `result_index` of a destination-style producer is
    computed in. `linalg.pack` / `linalg.unpack` are destination-style (MLIR's
    DestinationStyleOpInterface) without being structured: their init is operand #1 (`dest`);
    without this case a pack feeding a loop's shared_outs / iter_args was refused."""
    if isinstance(producer, PackOp | UnPackOp):
        return 1 if result_index == 0 else None
    view = structured_view(producer)
    if view is None or result_index >= len(view.outputs):
        return None
    return view.num_inputs + result_index


def _destination_operand(producer: Operation, result_index: int) -> SSAValue | None:
    """The init operand result `result_index` of a destination-style producer is computed in."""
    index = _destination_operand_index(producer, result_index)
    return None if index is None else producer.operands[index]


def _innermost_loop(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, LoopOp):
        parent = parent.parent_op()
    return parent


def _is_inside(op: Operation, ancestor: Operation) -> bool:
    return ancestor.is_ancestor(op)


# -- one fusion ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FusionResult:
    """What `fuse_producer_of_slice` did."""

    producer: Operation
    """The original producer (erased from the IR if it had no other users)."""
    chain: SliceChain
    """The chain that was fused through (its slices may have been erased)."""
    tiled_ops: tuple[Operation, ...]
    tile: SSAValue
    """The value that replaced the slice's uses."""
    generated_slices: tuple[tensor.ExtractSliceOp, ...]
    """Slices of the tiled producer's operands: candidates for the next fusion."""
    rewired_loop: Operation | None = None
    """For destination fusion: the outermost loop whose init became the producer's init."""


def candidate_refusal(slice_op: tensor.ExtractSliceOp, chain: SliceChain) -> str | None:
    """Why there is no producer to fuse at `slice_op`, or None when there is one: the slice must
    be inside a loop and read (through its chain) the result of an op defined outside that
    loop, other than a `tensor.empty` reached through a loop-carried value (already the
    cheapest destination)."""
    producer = chain.producer
    if producer is None:
        return "the sliced value has no producer op (it is a block argument)"
    loop = _innermost_loop(slice_op)
    if loop is None:
        return "the slice is not inside an scf.for or scf.forall"
    if _is_inside(producer, loop):
        return f"the producer '{producer.name}' is already inside the slice's loop"
    if isinstance(producer, tensor.EmptyOp) and chain.through_destination:
        return "the loop's destination is a 'tensor.empty': nothing to fuse"
    return None


def is_fusion_candidate(slice_op: tensor.ExtractSliceOp, chain: SliceChain | None = None) -> bool:
    """Whether `slice_op` has a producer to fuse (see `candidate_refusal`)."""
    return candidate_refusal(slice_op, chain or walk_slice_chain(slice_op)) is None


def fuse_producer_of_slice(
    rewriter: PatternRewriter, slice_op: tensor.ExtractSliceOp
) -> FusionResult:
    """Replace `slice_op` by the tile of its producer computed in place (module docstring).

    Raises `FusionRefused` (the IR unchanged) when there is nothing to fuse, the producer has no
    tiling model or refuses the tile, the chain has non-unit strides, or destination fusion is
    illegal. `rewriter` is notified of every change."""
    chain = walk_slice_chain(slice_op)
    reason = candidate_refusal(slice_op, chain)
    if reason is not None:
        raise FusionRefused(slice_op, reason)
    producer = chain.producer
    assert producer is not None
    check_composable(chain)
    if isinstance(producer, tensor.EmptyOp):
        return _fuse_empty(rewriter, chain, producer)
    model = tiling_model_for(producer)
    if model is None:
        raise FusionRefused(slice_op, f"the producer '{producer.name}' has no tiling model")
    destination: SSAValue | None = None
    if chain.through_destination:
        destination = _destination_operand(producer, chain.result_index)
        if destination is None or destination.type != chain.root.type:
            raise FusionRefused(
                slice_op,
                f"'{producer.name}' feeds a loop-carried value but is not a destination-style op "
                "computing its result in an init of the same type",
            )
        check_destination_fusion(chain)

    # Build in a detached block first: a refusal by the model then leaves the IR untouched.
    scratch = Block()
    builder = Builder(InsertPoint.at_end(scratch))
    try:
        offsets, sizes = compose_slice_chain(builder, chain)
        tiled = model.generate_result_tile_value(
            builder, producer, chain.result_index, offsets, sizes
        )
    except TilingRefused as refusal:
        _discard(scratch)
        raise FusionRefused(slice_op, refusal.reason) from refusal
    tile = tiled.tiled_values[0]
    if tile.type != slice_op.result.type:
        _discard(scratch)
        raise FusionRefused(
            slice_op,
            f"the producer's tile has type {tile.type}, the slice {slice_op.result.type}",
        )

    tiled_op = tile.owner
    assert isinstance(tiled_op, Operation)
    created = list(scratch.ops)
    if destination is not None:
        # The tile is computed into the slice of the loop-carried value (its destination),
        # which therefore stays and comes first.
        init_index = _destination_operand_index(tiled_op, chain.result_index)
        assert init_index is not None
        tiled_op.operands[init_index] = slice_op.result
        _move_all(rewriter, scratch, InsertPoint.after(slice_op))
        rewriter.replace_uses_with_if(
            slice_op.result, tile, lambda use: use.operation is not tiled_op
        )
        # The outer end of the chain now reads the producer's init instead of its result: the
        # outermost loop's init operand, or the source of a slice taken outside the loops.
        outer_end = chain.links[-1]
        if isinstance(outer_end, LoopCrossing):
            outer_end.loop.operands[outer_end.operand_index] = destination
            rewriter.notify_op_modified(outer_end.loop)
        else:
            outer_end.operands[0] = destination
            rewriter.notify_op_modified(outer_end)
        rewired: Operation | None = chain.crossings[-1].loop
    else:
        _move_all(rewriter, scratch, InsertPoint.before(slice_op))
        rewriter.replace_all_uses_with(slice_op.result, tile)
        _erase_dead_slices(rewriter, chain)
        rewired = None
    for op in tiled.tiled_ops:
        op.attributes.pop(FUSE_MARKER, None)
    # Index arithmetic and slices built for the tile and left unused (e.g. the init slice
    # replaced by the loop's destination).
    for op in reversed(created):
        if op.parent is not None and isinstance(op, _PURE_OPS) and not any(r.uses for r in op.results):
            rewriter.erase(op)
    _redirect_shape_queries(rewriter, producer)
    if not any(r.uses for r in producer.results):
        rewriter.erase(producer)
    generated = tuple(
        s for s in tiled.generated_slices
        if isinstance(s, tensor.ExtractSliceOp) and s.parent is not None
    )
    return FusionResult(producer, chain, tiled.tiled_ops, tile, generated, rewired)


def _redirect_shape_queries(rewriter: PatternRewriter, producer: Operation) -> None:
    """When only `tensor.dim`s still read a fused destination-style producer, they read its inits
    instead (a result has its init's extents, as upstream's `resolve-ranked-shaped-type-result-dims`
    rewrites them): a shape query must not keep the whole op computing beside its fused tiles."""
    users = [use.operation for result in producer.results for use in result.uses]
    if not users or not all(isinstance(user, tensor.DimOp) for user in users):
        return
    inits = [_destination_operand(producer, r.index) for r in producer.results]
    if any(init is None for init in inits):
        return
    for user in users:
        user.operands[0] = inits[user.operands[0].index]
        rewriter.notify_op_modified(user)


def _erase_dead_slices(rewriter: PatternRewriter, chain: SliceChain) -> None:
    """Erase the chain's slices, inner to outer, as long as nothing else reads them."""
    for slice_op in chain.slices:
        if slice_op.result.uses:
            return
        rewriter.erase(slice_op)


def _fuse_empty(
    rewriter: PatternRewriter, chain: SliceChain, producer: tensor.EmptyOp
) -> FusionResult:
    """A slice of a `tensor.empty` is a `tensor.empty` of the slice's shape (as upstream's
    canonicalization does): no values to compute, only the shape."""
    slice_op = chain.slice
    dynamic = [s for s in mixed_sizes(slice_op) if isinstance(s, SSAValue)]
    empty = tensor.EmptyOp(dynamic, slice_op.result.type)
    rewriter.insert(empty, InsertPoint.before(slice_op))
    rewriter.replace_all_uses_with(slice_op.result, empty.tensor)
    _erase_dead_slices(rewriter, chain)
    if not producer.tensor.uses:
        rewriter.erase(producer)
    return FusionResult(producer, chain, (empty,), empty.tensor, ())


def _move_all(rewriter: PatternRewriter, block: Block, insert_point: InsertPoint) -> None:
    for op in list(block.ops):
        op.detach()
        rewriter.insert(op, insert_point)


def _discard(block: Block) -> None:
    for op in reversed(list(block.ops)):
        op.detach()
        op.erase(safe_erase=False)


_PURE_OPS = (affine.ApplyOp, arith.ConstantOp, tensor.DimOp, tensor.ExtractSliceOp)


# -- the driver ---------------------------------------------------------------------------

Remark = Callable[[Operation, str], None]


def print_remark(op: Operation, message: str) -> None:
    """The default remark: `file:line:col: remark: message` on stderr."""
    print(format_diagnostic(message, op, severity="remark"), file=sys.stderr)


def _is_marked(slice_op: tensor.ExtractSliceOp, chain: SliceChain) -> bool:
    producer = chain.producer
    return FUSE_MARKER in slice_op.attributes or (
        producer is not None and FUSE_MARKER in producer.attributes
    )


def fuse_producers(
    root: Operation,
    *,
    only_marked: bool = False,
    remark: Remark | None = print_remark,
) -> list[FusionResult]:
    """Fuse producers into every loop nest under `root`, to a fixed point.

    Candidates are the `tensor.extract_slice`s inside loops that read (through their chain) a
    result of an op defined outside the loop (`is_fusion_candidate`); the slices of each fused
    tile's operands become candidates in turn. With `only_marked`, only slices marked
    `xfuse.fuse`, or whose producer is, are fused. A marked candidate that cannot be fused is an
    error (`FusionRefused` raised); an unmarked one is reported to `remark` (None: silent) and
    left alone. The markers of fused slices and producers are removed."""
    results: list[FusionResult] = []
    rewriter = PatternRewriter(InsertPoint.at_start(_first_block(root)))
    worklist = [op for op in root.walk() if isinstance(op, tensor.ExtractSliceOp)]
    while worklist:
        slice_op = worklist.pop()  # innermost (last in the IR) first: outer slices die with it
        if slice_op.parent is None:
            continue  # erased by an earlier fusion
        chain = walk_slice_chain(slice_op)
        reason = candidate_refusal(slice_op, chain)
        if reason is not None:
            if FUSE_MARKER in slice_op.attributes:
                raise FusionRefused(slice_op, reason)
            continue
        marked = _is_marked(slice_op, chain)
        # A slice of a tensor.empty (e.g. the init of a tile just fused) is always folded: it
        # computes nothing, so it needs no marker.
        if only_marked and not marked and not isinstance(chain.producer, tensor.EmptyOp):
            continue
        try:
            result = fuse_producer_of_slice(rewriter, slice_op)
        except FusionRefused as refusal:
            if marked:
                raise
            if remark is not None:
                remark(slice_op, refusal.message)
            continue
        results.append(result)
        worklist.extend(result.generated_slices)
    # Markers of what was fused are consumed; others stay (xfuse-fuse-consumers reads the same
    # attribute on consumers).
    for result in results:
        result.producer.attributes.pop(FUSE_MARKER, None)
        result.chain.slice.attributes.pop(FUSE_MARKER, None)
    return results


def _first_block(op: Operation) -> Block:
    for region in op.regions:
        if region.blocks:
            return region.blocks[0]
    parent = op.parent
    assert parent is not None, "fuse_producers needs an op with a region or inside a block"
    return parent


@dataclass(frozen=True)
class FuseProducersPass(ModulePass):
    """Fuse producers of `tensor.extract_slice`s into their loop nests, to a fixed point.

    `only-marked`: fuse only slices (or producers) carrying the unit attribute `xfuse.fuse`;
    marked ones that cannot be fused are errors. `remarks`: print a remark for each refused
    unmarked candidate.
    """

    name = "xfuse-fuse-producers"

    only_marked: bool = False
    remarks: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_producers(op, only_marked=self.only_marked, remark=print_remark if self.remarks else None)
