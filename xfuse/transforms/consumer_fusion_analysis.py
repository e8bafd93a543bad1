"""The analysis half of consumer fusion (`fuse_consumers.py`): whether a consumer may move into a
loop nest at a given depth, and the tiles it takes at every level (`FusionPlan`).

`analyse_fusion` checks the legality rules listed in `fuse_consumers.py` (the loops every fused
operand is written through, the destinations, the operands defined after the loop), decides which
pure ops between the loop and the consumer move above it (`_ops_to_hoist`), and builds the index
arithmetic of each level's iteration tile; the index ops it creates are recorded, so that a refused
fusion erases them (`erase_unused`) and leaves the IR as it was. `fuse_consumers.py` applies a plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.dialects import scf, tensor
from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from xfuse.dialects.linalg_pack import PackOp, UnPackOp
from xfuse.dialects.scf import ForallOp
from xfuse.interfaces.tiling import (
    OpFoldResult,
    TilingInterface,
    TilingRefused,
    apply_affine_expr,
    constant_value,
    same_index,
)
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.transforms.loop_outputs import ConsumerFusionRefused, LoopOp, SliceLevel

__all__ = [
    "FusionPlan",
    "RecordingBuilder",
    "analyse_fusion",
    "consumer_destination_positions",
    "consumer_destinations",
    "erase_unused",
    "redirect_dims_to_inits",
]


class RecordingBuilder(Builder):
    """A builder remembering what it inserted, so a refused fusion can erase its index ops."""

    def __init__(self, insertion_point: InsertPoint, record: list[Operation]):
        super().__init__(insertion_point)
        self.operation_insertion_handler.append(record.append)


def erase_unused(ops: list[Operation]) -> None:
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


def consumer_destination_positions(consumer: Operation) -> list[int]:
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


def consumer_destinations(consumer: Operation) -> list[SSAValue]:
    return [consumer.operands[i] for i in consumer_destination_positions(consumer)]


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
class FusionPlan:
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


def _level_point(plan: FusionPlan, level: int) -> InsertPoint:
    """Where the index arithmetic of `level` goes: before the next loop of the chain, or before
    the terminator of the innermost loop."""
    if level + 1 < len(plan.loops):
        return InsertPoint.before(plan.loops[level + 1])
    block = plan.loops[level].body.block
    assert block.last_op is not None
    return InsertPoint.before(block.last_op)


def analyse_fusion(
    consumer: Operation,
    model: TilingInterface,
    loop: LoopOp,
    fused_levels: dict[int, list[SliceLevel]],
    depth: int,
    record: list[Operation],
) -> FusionPlan:
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
    plan = FusionPlan(consumer, model, loops, {k: v[: depth + 1] for k, v in fused_levels.items()})

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

    for r, dest in enumerate(consumer_destinations(consumer)):
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
        builder = RecordingBuilder(point, record)
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
        redirect_dims_to_inits(record[mark:], loop)
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


def redirect_dims_to_inits(ops: Sequence[Operation], loop: LoopOp) -> None:
    """A model may read a dynamic extent of the consumer's operand (`tensor.dim`); inside the
    loop the nest's result does not exist yet, but its tied init has the same shape."""
    for op in ops:
        if _is_dim_of(op, loop):
            op.operands[0] = _tied_init(loop, op.source.index)
