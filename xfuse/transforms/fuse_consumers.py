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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import scf, tensor
from xdsl.dialects.builtin import MemRefType, ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from xfuse.diagnostics import emit_error, format_diagnostic
from xfuse.dialects.linalg_pack import PackOp, UnPackOp
from xfuse.dialects.scf import ForallOp
from xfuse.interfaces.tiling import (
    OpFoldResult,
    TilingInterface,
    TilingRefused,
    apply_affine_expr,
    constant_value,
    same_index,
    tiling_model_for,
)
from xfuse.interfaces.tiling_linalg import structured_view
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


class _RecordingBuilder(Builder):
    """A builder remembering what it inserted, so a refused fusion can erase its index ops."""

    def __init__(self, insertion_point: InsertPoint, record: list[Operation]):
        super().__init__(insertion_point)
        self.operation_insertion_handler.append(record.append)


def _erase_unused(ops: list[Operation]) -> None:
    for op in reversed(ops):
        if op.parent is not None and all(not r.uses for r in op.results):
            Rewriter.erase_op(op)


def _ancestor_in_block(op: Operation, block: Block) -> Operation | None:
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current


def _dominates(value: SSAValue, point: Operation) -> bool:
    """Whether `value` is available right before `point` (straight-line regions only)."""
    if isinstance(value, BlockArgument):
        owner_block = value.block
        return _ancestor_in_block(point, owner_block) is not None
    definer = value.owner
    assert isinstance(definer, Operation)
    block = definer.parent_block()
    if block is None:
        return False
    ancestor = _ancestor_in_block(point, block)
    return ancestor is not None and ancestor is not definer and definer.is_before_in_block(ancestor)


def _depends_on(value: OpFoldResult, target: SSAValue, budget: int = 32) -> bool:
    if isinstance(value, int) or budget <= 0:
        return False
    if value == target:
        return True
    owner = value.owner
    if not isinstance(owner, Operation) or owner.regions:
        return False
    return any(_depends_on(o, target, budget - 1) for o in owner.operands)


def _destination_positions(consumer: Operation) -> list[int]:
    """The operand index of the destination of each result of `consumer`.

    Structured ops keep their outputs last. `linalg.pack` / `linalg.unpack` are destination-style
    too (MLIR's DestinationStyleOpInterface) but not structured: their one destination is
    operand #1 (`dest`), followed by the padding value and dynamic tiles, so it is not last;
    without this case an unpack consumer of a loop writing whole inner tiles was refused."""
    if isinstance(consumer, PackOp | UnPackOp):
        return [1]
    view = structured_view(consumer)
    if view is None:
        raise ConsumerFusionRefused(
            consumer, "its destination operands are unknown (not a structured op)"
        )
    outputs = list(view.outputs)
    if len(outputs) != len(consumer.results):
        raise ConsumerFusionRefused(
            consumer, "it does not have one tensor destination per result (memref semantics?)"
        )
    first = len(consumer.operands) - len(outputs)
    return list(range(first, len(consumer.operands)))


def _destinations(consumer: Operation) -> list[SSAValue]:
    return [consumer.operands[i] for i in _destination_positions(consumer)]


def _tied_init(loop: LoopOp, result_index: int) -> SSAValue:
    if isinstance(loop, ForallOp):
        return loop.outputs[result_index]
    return loop.iter_args[result_index]


def _movable(op: Operation) -> bool:
    """Whether `op` may be moved earlier: side-effect free, or a structured op on tensors only
    (destination-passing on tensors is pure, though xDSL's linalg ops declare memory effects
    for their memref form)."""
    if is_side_effect_free(op):
        return True
    return structured_view(op) is not None and not any(
        isinstance(v.type, MemRefType) for v in [*op.operands, *op.results]
    )


def _used_values(op: Operation) -> list[SSAValue]:
    """The operands of `op` and the values its regions use but do not define (a constant
    captured by a `linalg.generic` body): all must be available wherever `op` is moved."""
    used = list(op.operands)
    for inner in op.walk():
        if inner is op:
            continue
        for value in inner.operands:
            owner = value.block.parent_op() if isinstance(value, BlockArgument) else value.owner
            if isinstance(owner, Operation) and not op.is_ancestor(owner) and value not in used:
                used.append(value)
    return used


def _is_dim_of(op: Operation, loop: LoopOp) -> bool:
    return isinstance(op, tensor.DimOp) and isinstance(op.source, OpResult) and op.source.owner is loop


def _keeps_init_shape(loop: LoopOp, index: int) -> bool:
    """Whether result `index` of `loop` has its tied init's shape: always for `scf.forall`; for
    `scf.for` when the yielded value is the iteration argument with slices inserted (through
    nested loops of the same kind), not some other tensor of the same type."""
    if isinstance(loop, ForallOp):
        return True
    value = loop.body.block.last_op.operands[index]
    while True:
        if isinstance(value, BlockArgument):
            return value.block is loop.body.block and value.index == index + 1
        owner = value.owner
        if isinstance(owner, tensor.InsertSliceOp):
            value = owner.dest
        elif isinstance(owner, scf.ForOp) and _keeps_init_shape(owner, value.index):
            value = owner.iter_args[value.index]
        else:
            return False


def _ops_to_hoist(value: SSAValue, loop: LoopOp, consumer: Operation) -> list[Operation]:
    """The ops between `loop` and `consumer` that `value` is computed by, to move above `loop`
    (refusing when they depend on the loop or may have side effects). A `tensor.dim` of the
    loop's result is moved too, to read the result's tied init (same shape): a consumer's
    `tensor.empty` sized from the result it reads is the usual dynamic-shape IR."""
    block = loop.parent_block()
    collected: list[Operation] = []
    pending = [value]
    while pending:
        v = pending.pop()
        if _dominates(v, loop):
            continue
        definer = v.owner
        if not isinstance(definer, Operation) or definer.parent_block() is not block:
            raise ConsumerFusionRefused(
                consumer, "an operand is defined in a region the loop nest is not in"
            )
        if _is_dim_of(definer, loop) and _keeps_init_shape(loop, definer.source.index):
            # The extent of a loop nest's result is its tied init's: hoisted, it reads the init.
            if definer not in collected:
                collected.append(definer)
                pending.append(definer.index)
            continue
        if definer is loop:
            raise ConsumerFusionRefused(
                consumer,
                "an operand that is not fused depends on the loop nest's results "
                f"(through '{value.owner.name if isinstance(value.owner, Operation) else value}')",
            )
        if not _movable(definer):
            raise ConsumerFusionRefused(
                consumer,
                f"operand computed by '{definer.name}' after the loop nest has side effects, so "
                "it cannot be moved above the loop",
            )
        if definer not in collected:
            collected.append(definer)
            pending.extend(_used_values(definer))
    assert block is not None
    return sorted(collected, key=lambda op: block.get_operation_index(op))


@dataclass
class _Plan:
    """The analysis of one fusion at one depth (outer to inner lists, one entry per level)."""

    consumer: Operation
    model: TilingInterface
    loops: list[LoopOp]
    fused: dict[int, list[SliceLevel]]  # consumer operand index -> its levels
    iteration_tiles: list[tuple[list[OpFoldResult], list[OpFoldResult]]] = field(default_factory=list)
    result_offsets: list[list[list[OpFoldResult]]] = field(default_factory=list)  # [level][result]
    result_sizes: list[list[list[OpFoldResult]]] = field(default_factory=list)
    relative_offsets: list[list[list[OpFoldResult]]] = field(default_factory=list)
    hoisted: list[Operation] = field(default_factory=list)
    operand_tiles: dict[int, tuple[list[OpFoldResult], list[OpFoldResult]]] = field(
        default_factory=dict
    )  # consumer operand index -> its tile in the nest result at the deepest level


def _level_point(plan: _Plan, level: int) -> InsertPoint:
    """Where the index arithmetic of `level` goes: before the next loop of the chain, or before
    the terminator of the innermost loop."""
    if level + 1 < len(plan.loops):
        return InsertPoint.before(plan.loops[level + 1])
    block = plan.loops[level].body.block
    assert block.last_op is not None
    return InsertPoint.before(block.last_op)


def _analyse(
    consumer: Operation,
    model: TilingInterface,
    loop: LoopOp,
    fused_levels: dict[int, list[SliceLevel]],
    depth: int,
    record: list[Operation],
) -> _Plan:
    """Check legality of fusing at `depth` (0 = in `loop`'s body) and compute the tiles of
    every level (their index ops are recorded in `record`)."""
    loops = [level.loop for level in next(iter(fused_levels.values()))[: depth + 1]]
    for operand_index, levels in fused_levels.items():
        if len(levels) <= depth or any(
            lv.loop is not lp for lv, lp in zip(levels[: depth + 1], loops)
        ):
            raise ConsumerFusionRefused(
                consumer,
                f"operand #{operand_index} is not written through the same loops down to "
                f"depth {depth}",
            )
    plan = _Plan(consumer, model, loops, {k: v[: depth + 1] for k, v in fused_levels.items()})

    for operand_index, levels in plan.fused.items():
        for position, lv in enumerate(levels):
            if lv.is_identity:
                # The tile moves with this loop when an inner level's offsets (absolute in the
                # whole tensor the identity level passes down) depend on its induction variable.
                if position == len(levels) - 1:
                    raise ConsumerFusionRefused(
                        consumer,
                        f"at this level operand #{operand_index} is the whole tensor, which the "
                        "scf.for passes down to the loop nested in it: it is final only after "
                        "the loop (fuse at an inner level)",
                    )
                iv = lv.loop.body.block.args[0]
                inner_offsets = [o for inner in levels[position + 1 :] for o in inner.offsets]
                if not any(_depends_on(o, iv) for o in inner_offsets):
                    raise ConsumerFusionRefused(
                        consumer,
                        f"operand #{operand_index} is written by an scf.for at the same offsets "
                        "on every iteration (an accumulation): its tile is final only after the "
                        "loop",
                    )
                continue
            if any(constant_value(s) != 1 for s in lv.strides):
                raise ConsumerFusionRefused(
                    consumer,
                    f"operand #{operand_index} is written by a '{lv.insert.name}' with non-unit "
                    "strides (only unit strides are supported)",
                )
            assert not isinstance(lv.insert, scf.YieldOp)
            source_type, dest_type = lv.insert.source.type, lv.insert.dest.type
            assert isinstance(source_type, TensorType) and isinstance(dest_type, TensorType)
            if source_type.get_num_dims() != dest_type.get_num_dims():
                raise ConsumerFusionRefused(
                    consumer,
                    f"operand #{operand_index} is written by a rank-reducing '{lv.insert.name}'",
                )
            if isinstance(lv.loop, scf.ForOp):
                iv = lv.loop.body.block.args[0]
                if not any(_depends_on(o, iv) for o in lv.offsets):
                    raise ConsumerFusionRefused(
                        consumer,
                        f"operand #{operand_index} is written by an scf.for at the same offsets "
                        "on every iteration (an accumulation): its tile is final only after the "
                        "loop",
                    )

    for r, dest in enumerate(_destinations(consumer)):
        if isinstance(dest, OpResult) and dest.owner is loop:
            raise ConsumerFusionRefused(
                consumer,
                f"its destination operand (result #{r}) is result #{dest.index} of the loop nest "
                "itself: the fused tile would have to be written into the tensor the loop is "
                "still computing",
            )

    # Other operands must be available above the loop nest.
    fused_values = {consumer.operands[k] for k in plan.fused}
    for operand in _used_values(consumer):
        if operand in fused_values:
            continue
        for op in _ops_to_hoist(operand, loop, consumer):
            if op not in plan.hoisted:
                plan.hoisted.append(op)

    absolute: dict[int, list[OpFoldResult]] = {}
    sums = _Sums()
    for level in range(depth + 1):
        point = _level_point(plan, level)
        builder = _RecordingBuilder(point, record)
        point_op = point.block.first_op if point.insert_before is None else point.insert_before
        assert point_op is not None
        all_offsets: list[list[OpFoldResult]] = []
        all_sizes: list[list[OpFoldResult]] = []
        for operand_index, levels in plan.fused.items():
            lv = levels[level]
            for value in [*lv.offsets, *lv.sizes]:
                if isinstance(value, SSAValue) and not _dominates(value, point_op):
                    raise ConsumerFusionRefused(
                        consumer,
                        f"the offsets or sizes of the '{lv.insert.name}' at depth {level} are "
                        "computed after the inner loop",
                    )
            previous = absolute.get(operand_index)
            if previous is None:
                offsets = list(lv.offsets)
            else:
                offsets = [
                    sums.add(builder, a, o) for a, o in zip(previous, lv.offsets, strict=True)
                ]
            absolute[operand_index] = offsets
            all_offsets.append(offsets)
            all_sizes.append(list(lv.sizes))
        try:
            mark = len(record)
            iteration = model.get_iteration_domain_tile_from_operand_tiles(
                builder, consumer, list(plan.fused), all_offsets, all_sizes
            )
            offsets_per_result: list[list[OpFoldResult]] = []
            sizes_per_result: list[list[OpFoldResult]] = []
            for r in range(len(consumer.results)):
                res_offsets, res_sizes = model.get_result_tile_position(
                    builder, consumer, r, *iteration
                )
                offsets_per_result.append(res_offsets)
                sizes_per_result.append(res_sizes)
        except TilingRefused as refusal:
            raise ConsumerFusionRefused(consumer, refusal.reason) from refusal
        _redirect_dims_to_inits(record[mark:], loop)
        relative: list[list[OpFoldResult]] = []
        for r in range(len(consumer.results)):
            if level == 0:
                relative.append(offsets_per_result[r])
            else:
                relative.append(
                    [
                        sums.sub(builder, a, p)
                        for a, p in zip(
                            offsets_per_result[r], plan.result_offsets[level - 1][r], strict=True
                        )
                    ]
                )
        plan.iteration_tiles.append(iteration)
        plan.operand_tiles = {
            k: (absolute[k], list(levels[level].sizes)) for k, levels in plan.fused.items()
        }
        plan.result_offsets.append(offsets_per_result)
        plan.result_sizes.append(sizes_per_result)
        plan.relative_offsets.append(relative)
    return plan


class _Sums:
    """Offset arithmetic that folds what composing and un-composing chain offsets produces:
    `a + 0`, `a - a` and `(b + x) - b` (for sums it built), so the fused IR carries the
    offsets it needs rather than an `affine.apply` per level."""

    def __init__(self) -> None:
        self._built: dict[SSAValue, tuple[OpFoldResult, OpFoldResult]] = {}

    def add(self, builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        if constant_value(a) == 0:
            return b
        if constant_value(b) == 0:
            return a
        total = apply_affine_expr(builder, AffineExpr.dimension(0) + AffineExpr.dimension(1), [a, b])
        if isinstance(total, SSAValue):
            self._built[total] = (a, b)
        return total

    def sub(self, builder: Builder, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        if constant_value(b) == 0:
            return a
        if same_index(a, b):
            return 0
        if isinstance(a, SSAValue) and a in self._built:
            lhs, rhs = self._built[a]
            if same_index(lhs, b):
                return rhs
            if same_index(rhs, b):
                return lhs
        return apply_affine_expr(builder, AffineExpr.dimension(0) - AffineExpr.dimension(1), [a, b])


def _redirect_dims_to_inits(ops: Sequence[Operation], loop: LoopOp) -> None:
    """A model may read a dynamic extent of the consumer's operand (`tensor.dim`); inside the
    loop the nest's result does not exist yet, but its tied init has the same shape."""
    for op in ops:
        if _is_dim_of(op, loop):
            op.operands[0] = _tied_init(loop, op.source.index)


def _apply(plan: _Plan, record: list[Operation]) -> ConsumerFusionResult:
    consumer = plan.consumer
    destinations = _destinations(consumer)
    outer_loop = plan.loops[0]
    for op in plan.hoisted:
        op.detach()
        Rewriter.insert_op(op, InsertPoint.before(outer_loop))
    _redirect_dims_to_inits(plan.hoisted, outer_loop)

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
    builder = _RecordingBuilder(InsertPoint.before(terminator), record)
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
    _redirect_dims_to_inits(list(tiled_op.walk()), loops[0])
    fused_operands = {consumer.operands[k]: levels[depth] for k, levels in plan.fused.items()}
    destination_positions = {
        position: r for r, position in enumerate(_destination_positions(consumer))
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
    _erase_unused(record)
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
        plan = _analyse(consumer, model, loop, fused, depth, record)
    except ConsumerFusionRefused:
        _erase_unused(record)
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
