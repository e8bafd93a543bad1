"""`xfuse-fuse-consumers`: move a tile of a loop nest's consumer into the loop nest.

Consumer fusion, as MLIR's `scf::tileAndFuseConsumerOfSlice` and the generateOperandTileValue RFC
(seed 001). A tiled loop nest writes its result through a chain of slices:

    %r = scf.forall (%i) ... shared_outs(%o = %init) {          // level 0 (outermost)
      %s = scf.for %k ... iter_args(%acc = %o_slice) {          // level 1
        %t = ...                                               // the tile value
        %u = tensor.insert_slice %t into %acc[off1][sz1][1]     // the innermost slice
        scf.yield %u
      }
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[off0][sz0][1]
      }
    }
    %c = linalg.add ins(%r, %bias) outs(%e)                     // the consumer

Inside the innermost loop the tile of `%r` is known: it is `%t`, at `off0 + off1` (sizes `sz1`).
The consumer's tile that reads exactly that operand tile (`get_iteration_domain_tile_from_operand_
tiles` of the TilingInterface) is built there on `%t` and on slices of its other operands; its
destination becomes a new output of every loop of the nest (init: the consumer's outs), written
like the original result (insert_slice per scf.for level, parallel_insert_slice per forall level);
the new loop results replace the consumer's results.

Pieces, kept apart so later drivers (diffusion) reuse them (the first three live in
`loop_outputs.py` and are re-exported here):
- `insert_slice_chain(slice_op)`: the chain of (loop, insert) levels, inner to outer (crossing
  identity levels: an scf.for yielding its inner loop's result).
- `innermost_insert_slice(loop, result_index, depth)`: the other direction, loop result -> slice.
- `add_loop_outputs(loop, inits)` / `yield_tile_into_output(...)`: rebuild an scf.for / scf.forall
  with more iter_args / shared_outs (xDSL operand lists are fixed at creation).
- `fuse_consumer_of_slice(slice_op, consumer)`: one fusion at the slice's level.
- `fuse_consumer_into_loop(consumer, loop)`: one fusion at the innermost legal level.
- `fuse_consumers(root, only_marked)`: the fixed-point driver; the pass is a thin wrapper.

Legality (each refusal is a `ConsumerFusionRefused` with the reason):
- every slice of the chain has unit strides and is not rank-reducing;
- an scf.for level must write a different tile on each iteration (an insert offset depends on
  the induction variable); otherwise it accumulates into one tile (a reduction loop) and the tile
  is only final after the loop, so fusion stops at the enclosing level;
- the operand tiles of every fused operand must agree on one iteration tile, which must not cut a
  reduction loop of the consumer (the TilingInterface refuses both);
- the consumer's destinations must not be results of the loop nest;
- the consumer's other operands must be defined before the loop nest (pure ops between the loop
  and the consumer are moved above the loop; anything depending on the loop is refused);
- the offsets of an outer slice must be computed before the inner loop.

Not checked (as in MLIR): that the loop nest writes every element of its result; a nest that
leaves part of its init untouched makes the fused consumer leave its own init untouched there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import tensor
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error, format_diagnostic
from xfuse.interfaces.tiling import TilingInterface, TilingRefused, tiling_model_for
from xfuse.transforms.consumer_fusion_analysis import (
    FusionPlan,
    RecordingBuilder,
    analyse_fusion,
    consumer_destination_positions,
    consumer_destinations,
    erase_unused,
    redirect_dims_to_inits,
)
from xfuse.transforms.loop_outputs import (
    ConsumerFusionRefused,
    LoopOp,
    SliceChain,
    SliceLevel,
    add_loop_outputs,
    chain_depth,
    extract_slice_op,
    innermost_insert_slice,
    insert_slice_chain,
    is_whole,
    yield_tile_into_output,
)

__all__ = [
    "FUSE_ATTRIBUTE",
    "ConsumerFusionRefused",
    "ConsumerFusionResult",
    "FuseConsumersPass",
    "LoopOp",
    "SliceChain",
    "SliceLevel",
    "add_loop_outputs",
    "fuse_consumer_into_loop",
    "fuse_consumer_of_slice",
    "fuse_consumers",
    "innermost_insert_slice",
    "insert_slice_chain",
    "yield_tile_into_output",
]

FUSE_ATTRIBUTE = "xfuse.fuse"
"""Ops carrying this (unit) attribute are the ones `only_marked` fuses, and must fuse."""

# -- one fusion ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ConsumerFusionResult:
    """What one fusion built: the tiled consumer (inside the innermost loop), the new loops
    (outer to inner) and the values that replaced the consumer's results."""

    tiled_consumer: Operation
    loops: tuple[LoopOp, ...]
    replacements: tuple[SSAValue, ...]


def _apply(plan: FusionPlan, record: list[Operation]) -> ConsumerFusionResult:
    consumer = plan.consumer
    destinations = consumer_destinations(consumer)
    outer_loop = plan.loops[0]
    for op in plan.hoisted:
        op.detach()
        Rewriter.insert_op(op, InsertPoint.before(outer_loop))
    redirect_dims_to_inits(plan.hoisted, outer_loop)

    # Outer to inner: one new output per consumer result in every loop.
    loops: list[LoopOp] = []
    new_args: list[list[BlockArgument]] = []
    first_new_output: list[int] = []
    for level, old_loop in enumerate(plan.loops):
        if level == 0:
            inits: list[SSAValue] = list(destinations)
        else:
            point = InsertPoint.before(old_loop)
            inits = []
            for r in range(len(consumer.results)):
                outer = new_args[level - 1][r]
                offsets, sizes = plan.relative_offsets[level - 1][r], plan.result_sizes[level - 1][r]
                if is_whole(outer, None, offsets, sizes):
                    inits.append(outer)  # an identity extract_slice folds away
                    continue
                slice_op = extract_slice_op(outer, offsets, sizes)
                Rewriter.insert_op(slice_op, point)
                inits.append(slice_op.result)
        first_new_output.append(len(old_loop.results))
        new_loop, args = add_loop_outputs(old_loop, inits)
        loops.append(new_loop)
        new_args.append(args)

    # The tile of the consumer, before the innermost terminator.
    depth = len(loops) - 1
    inner_block = loops[depth].body.block
    terminator = inner_block.last_op
    assert terminator is not None
    builder = RecordingBuilder(InsertPoint.before(terminator), record)
    try:
        if len(plan.operand_tiles) == 1 and _has_own_operand_tiling(plan.model):
            # As MLIR's tileAndFuseConsumerOfSlice (getTiledImplementationFromOperandTiles):
            # a model with its own operand-tile implementation builds the tile reading exactly
            # the operand tile. For linalg.unpack the composed default (iteration tile, then
            # get_tiled_implementation) fails to re-prove the alignment of the clamped
            # boundary size it computed itself and takes the covering form (a temporary, a
            # tensor.cast of the tile and a copy) for every tile.
            ((operand_index, (offsets, sizes)),) = plan.operand_tiles.items()
            tiled = plan.model.generate_operand_tile_value(
                builder, consumer, operand_index, offsets, sizes
            )
        else:
            tiled = plan.model.get_tiled_implementation(
                builder, consumer, *plan.iteration_tiles[depth]
            )
    except TilingRefused as refusal:  # pragma: no cover - the analysis asked the same model
        raise ConsumerFusionRefused(consumer, refusal.reason) from refusal
    tiled_op = tiled.tiled_ops[0]
    redirect_dims_to_inits(list(tiled_op.walk()), loops[0])
    fused_operands = {consumer.operands[k]: levels[depth] for k, levels in plan.fused.items()}
    destination_positions = {
        position: r for r, position in enumerate(consumer_destination_positions(consumer))
    }
    for index, operand in enumerate(tiled_op.operands):
        slice_op = operand.owner
        if not isinstance(slice_op, tensor.ExtractSliceOp):
            continue
        original = slice_op.source
        if original in fused_operands:
            tile = fused_operands[original].source
            if tile.type != operand.type:
                assert isinstance(operand.type, TensorType)
                cast = tensor.CastOp(tile, operand.type)
                Rewriter.insert_op(cast, InsertPoint.before(tiled_op))
                # xDSL's tensor.cast names its result `dest` (`.result` raised AttributeError:
                # reached when a model's operand slice is less static than the tile, e.g. the
                # clamped source size of an unpack with padding).
                tile = cast.dest
            tiled_op.operands[index] = tile
        elif index in destination_positions:
            r = destination_positions[index]
            output = new_args[depth][r]
            offsets, sizes = plan.relative_offsets[depth][r], plan.result_sizes[depth][r]
            if is_whole(output, operand, offsets, sizes):
                # The tile is the whole loop output: no identity slice (one-shot-bufferize
                # would not see the yielded tile as equivalent to the iteration argument).
                tiled_op.operands[index] = output
            else:
                new_slice = extract_slice_op(output, offsets, sizes)
                Rewriter.insert_op(new_slice, InsertPoint.before(slice_op))
                if new_slice.result.type != operand.type:
                    raise AssertionError("destination tile type mismatch")  # pragma: no cover
                tiled_op.operands[index] = new_slice.result
        else:
            continue
        if not slice_op.result.uses:
            Rewriter.erase_op(slice_op)
    tiled_op.attributes.pop(FUSE_ATTRIBUTE, None)

    # Inner to outer: write the tiles into the new outputs.
    values: list[SSAValue] = list(tiled.tiled_values)
    for level in range(depth, -1, -1):
        for r in range(len(consumer.results)):
            yield_tile_into_output(
                loops[level],
                first_new_output[level] + r,
                values[r],
                plan.relative_offsets[level][r],
                plan.result_sizes[level][r],
            )
        values = [
            loops[level].results[first_new_output[level] + r] for r in range(len(consumer.results))
        ]
        # Loop results are named after what they hold: the fused consumer's results.
        for old, new in zip(consumer.results, values):
            if old.name_hint and not new.name_hint:
                new.name_hint = old.name_hint
    replacements = tuple(values)
    Rewriter.replace_op(consumer, [], list(replacements))
    erase_unused(record)
    return ConsumerFusionResult(tiled_op, tuple(loops), replacements)


def _has_own_operand_tiling(model: TilingInterface) -> bool:
    """Whether `model` overrides `generate_operand_tile_value` (the default composes
    `get_iteration_domain_tile_from_operand_tiles` and `get_tiled_implementation`, which the
    driver does itself, with the tiles it already computed)."""
    return (
        type(model).generate_operand_tile_value is not TilingInterface.generate_operand_tile_value
    )


def _fused_operand_levels(consumer: Operation, loop: LoopOp) -> dict[int, list[SliceLevel]]:
    fused: dict[int, list[SliceLevel]] = {}
    for index, operand in enumerate(consumer.operands):
        if isinstance(operand, OpResult) and operand.owner is loop:
            levels = chain_depth(loop, operand.index)
            if not levels:
                raise ConsumerFusionRefused(
                    consumer,
                    f"operand #{index} (result #{operand.index} of the '{loop.name}') is not "
                    "written through tensor.insert_slice / tensor.parallel_insert_slice",
                )
            fused[index] = levels
    if not fused:
        raise ConsumerFusionRefused(consumer, f"it reads no result of the '{loop.name}'")
    return fused


def _check_placement(consumer: Operation, loop: LoopOp) -> TilingInterface:
    model = tiling_model_for(consumer)
    if model is None:
        raise ConsumerFusionRefused(consumer, "it has no tiling model")
    if consumer.parent_block() is not loop.parent_block() or not loop.is_before_in_block(consumer):
        raise ConsumerFusionRefused(
            consumer, "it is not after the loop nest in the same block"
        )
    return model


def _fuse_at_depth(
    consumer: Operation,
    model: TilingInterface,
    loop: LoopOp,
    fused: dict[int, list[SliceLevel]],
    depth: int,
) -> ConsumerFusionResult:
    record: list[Operation] = []
    try:
        plan = analyse_fusion(consumer, model, loop, fused, depth, record)
    except ConsumerFusionRefused:
        erase_unused(record)
        raise
    return _apply(plan, record)


def fuse_consumer_into_loop(consumer: Operation, loop: LoopOp) -> ConsumerFusionResult:
    """Fuse `consumer`, which reads results of `loop`, at the innermost level of the nest where
    every fused operand's tile is known and the fusion is legal. Refuses with the reason the
    outermost level gave when no level is legal."""
    model = _check_placement(consumer, loop)
    fused = _fused_operand_levels(consumer, loop)
    deepest = min(len(levels) for levels in fused.values()) - 1
    outermost_refusal: ConsumerFusionRefused | None = None
    for depth in range(deepest, -1, -1):
        try:
            return _fuse_at_depth(consumer, model, loop, fused, depth)
        except ConsumerFusionRefused as refusal:
            outermost_refusal = refusal
    assert outermost_refusal is not None
    raise outermost_refusal


def fuse_consumer_of_slice(
    slice_op: Operation, consumer: Operation | None = None
) -> ConsumerFusionResult:
    """MLIR's tileAndFuseConsumerOfSlice: fuse the consumer of the loop nest result that
    `slice_op` (an insert_slice yielded by an scf.for, or a parallel_insert_slice) writes, into
    `slice_op`'s loop, right where its source (the tile) is computed.

    `consumer` defaults to the only op with a tiling model using the nest's result. Other results
    of the same nest the consumer reads are fused with it when their tiles agree."""
    chain = insert_slice_chain(slice_op)
    loop = chain.loops[-1]
    if consumer is None:
        users = {
            use.operation for use in chain.result.uses if tiling_model_for(use.operation) is not None
        }
        if len(users) != 1:
            raise ConsumerFusionRefused(
                slice_op,
                f"the loop nest result has {len(users)} tileable consumers; pass the one to fuse",
            )
        consumer = users.pop()
    model = _check_placement(consumer, loop)
    fused = _fused_operand_levels(consumer, loop)
    depth = len(chain.levels) - 1
    for index, levels in fused.items():
        if consumer.operands[index] == chain.result and (
            len(levels) <= depth or levels[depth].insert is not slice_op
        ):
            raise ConsumerFusionRefused(
                consumer, f"operand #{index}'s chain does not pass through the given slice"
            )
    return _fuse_at_depth(consumer, model, loop, fused, depth)


# -- the driver ---------------------------------------------------------------------------


def _candidates(root: Operation, only_marked: bool, created: set[int]) -> list[tuple[Operation, LoopOp]]:
    pairs: list[tuple[Operation, LoopOp]] = []
    for op in root.walk():
        if id(op) in created or isinstance(op, LoopOp):
            continue
        if only_marked and FUSE_ATTRIBUTE not in op.attributes:
            continue
        if tiling_model_for(op) is None:
            continue
        seen: list[LoopOp] = []
        for operand in op.operands:
            owner = operand.owner
            if isinstance(owner, LoopOp) and owner not in seen:
                seen.append(owner)
                pairs.append((op, owner))
    return pairs


def fuse_consumers(
    root: Operation,
    only_marked: bool = False,
    on_refusal: Callable[[ConsumerFusionRefused], None] | None = None,
) -> list[ConsumerFusionResult]:
    """Fuse consumers into the loop nests whose results they read, to a fixed point: a fused
    consumer's results are new loop results, whose consumers are candidates next.

    Every op with a tiling model reading a result of an scf.for / scf.forall is a candidate (with
    `only_marked`, only ops carrying the `xfuse.fuse` attribute). A refused candidate is reported
    to `on_refusal` once per (consumer, loop); with `only_marked`, a marked op left unfused at
    the fixed point is an error (`ConsumerFusionRefused` raised with the last reason)."""
    results: list[ConsumerFusionResult] = []
    created: set[int] = set()
    refused: dict[tuple[int, int], tuple[Operation, LoopOp, ConsumerFusionRefused]] = {}
    last_refusal: dict[int, tuple[Operation, ConsumerFusionRefused]] = {}
    changed = True
    while changed:
        changed = False
        for consumer, loop in _candidates(root, only_marked, created):
            key = (id(consumer), id(loop))
            if key in refused:
                continue
            try:
                result = fuse_consumer_into_loop(consumer, loop)
            except ConsumerFusionRefused as refusal:
                refused[key] = (consumer, loop, refusal)  # keeps both alive: ids stay unique
                last_refusal[id(consumer)] = (consumer, refusal)
                if on_refusal is not None:
                    on_refusal(refusal)
                continue
            results.append(result)
            created.add(id(result.tiled_consumer))
            last_refusal.pop(id(consumer), None)
            changed = True
            break  # the IR changed: collect candidates again
    if only_marked:
        for op in root.walk():
            if FUSE_ATTRIBUTE in op.attributes and id(op) not in created:
                if id(op) in last_refusal:
                    raise last_refusal[id(op)][1]
                raise ConsumerFusionRefused(
                    op, "it reads no result of an scf.for / scf.forall written through slices"
                )
    return results


@dataclass(frozen=True)
class FuseConsumersPass(ModulePass):
    """Fuse consumers into the tiled loop nests producing their operands (see the module doc).

    Options: `only-marked` (only ops with the `xfuse.fuse` attribute, each of which must fuse);
    `remarks` (print a remark on stderr for each refused candidate during the sweeps)."""

    name = "xfuse-fuse-consumers"

    only_marked: bool = False
    remarks: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        import sys

        def remark(refusal: ConsumerFusionRefused) -> None:
            if self.remarks and not self.only_marked:
                print(format_diagnostic(refusal.message, refusal.op, "remark"), file=sys.stderr)

        try:
            fuse_consumers(op, only_marked=self.only_marked, on_refusal=remark)
        except ConsumerFusionRefused as refusal:
            emit_error(refusal.op, refusal.message)
