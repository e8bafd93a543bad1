"""How a tiled loop nest writes its results, and how to give it more: the insert-slice chains
that consumer fusion (`fuse_consumers.py`) and diffusion walk, and the rebuilding of an scf.for /
scf.forall with extra outputs.

A result of a nest is written through a chain of levels, inner to outer: at each level a
`tensor.insert_slice` yielded by an scf.for, a `tensor.parallel_insert_slice` of an scf.forall, or
an *identity* level, an scf.for that yields the result of the scf.for nested in it (which starts
from its own iter_arg), as `xfuse-tile` and MLIR's `tileUsingSCF` build the outer loops of a
nest. Refusals are `ConsumerFusionRefused` (the walks serve consumer fusion).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from xdsl.dialects import scf, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError
from xfuse.dialects.scf import ForallOp, InParallelOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import OpFoldResult, constant_value
from xfuse.interfaces.tiling_utils import insert_slice

__all__ = [
    "ConsumerFusionRefused",
    "InsertOp",
    "LoopOp",
    "SliceChain",
    "SliceLevel",
    "add_loop_outputs",
    "chain_depth",
    "extract_slice_op",
    "fold_index",
    "innermost_insert_slice",
    "insert_slice_chain",
    "is_whole",
    "yield_tile_into_output",
]

LoopOp: TypeAlias = scf.ForOp | ForallOp
InsertOp: TypeAlias = tensor.InsertSliceOp | ParallelInsertSliceOp


class ConsumerFusionRefused(XfuseError):
    """Consumer fusion cannot apply; `reason` says why, `op` is the consumer (or the slice)."""

    def __init__(self, op: Operation | None, reason: str):
        self.reason = reason
        name = op.name if op is not None else "op"
        super().__init__(f"cannot fuse consumer '{name}' into the loop nest: {reason}", op)


# -- slice chains -------------------------------------------------------------------------


@dataclass(frozen=True)
class SliceLevel:
    """One loop of a chain and the op of its body that writes its result `result_index`: an
    `insert_slice` yielded by an scf.for, a `parallel_insert_slice` in the `in_parallel` of an
    scf.forall, or, for an scf.for that yields the result of the scf.for nested in it whose init
    is its own iter_arg (the outer levels of an `xfuse-tile` / upstream `tileUsingSCF` nest),
    the `scf.yield` itself: an *identity* level (offsets 0, the whole tensor)."""

    loop: LoopOp
    insert: InsertOp | scf.YieldOp
    result_index: int

    @property
    def is_identity(self) -> bool:
        return isinstance(self.insert, scf.YieldOp)

    @property
    def source(self) -> SSAValue:
        """What this level writes: the slice's source, or the inner loop's result."""
        if isinstance(self.insert, scf.YieldOp):
            return self.insert.arguments[self.result_index]
        return self.insert.source

    def _shape(self) -> list[int]:
        result_type = self.loop.results[self.result_index].type
        assert isinstance(result_type, TensorType)
        return list(result_type.get_shape())

    @property
    def offsets(self) -> list[OpFoldResult]:
        if self.is_identity:
            return [0] * len(self._shape())
        return _mixed(self.insert, "offsets")  # type: ignore[arg-type]

    @property
    def sizes(self) -> list[OpFoldResult]:
        if self.is_identity:
            return list(self._shape())
        return _mixed(self.insert, "sizes")  # type: ignore[arg-type]

    @property
    def strides(self) -> list[OpFoldResult]:
        if self.is_identity:
            return [1] * len(self._shape())
        return _mixed(self.insert, "strides")  # type: ignore[arg-type]


@dataclass(frozen=True)
class SliceChain:
    """How a loop nest result is written: `levels` from the innermost slice to the outermost
    loop. `levels[0].insert.source` is the tile value; `result` is the nest's result; the
    tile's position in `result` is the sum of the levels' offsets, its sizes the innermost's."""

    levels: tuple[SliceLevel, ...]

    @property
    def result(self) -> OpResult:
        outer = self.levels[-1]
        return outer.loop.results[outer.result_index]

    @property
    def tile(self) -> SSAValue:
        return self.levels[0].source

    @property
    def loops(self) -> tuple[LoopOp, ...]:
        """Inner to outer."""
        return tuple(level.loop for level in self.levels)


def _mixed(op: InsertOp, what: str) -> list[OpFoldResult]:
    static = getattr(op, f"static_{what}").get_values()
    dynamic = list(getattr(op, what))
    values: list[OpFoldResult] = []
    for s in static:
        values.append(dynamic.pop(0) if s == DYNAMIC_INDEX else s)
    return values


def _level_of_insert(insert: Operation) -> SliceLevel:
    """The loop whose result `insert` writes, refusing slices that do not write one."""
    if isinstance(insert, ParallelInsertSliceOp):
        in_parallel = insert.parent_op()
        forall = in_parallel.parent_op() if in_parallel is not None else None
        if not isinstance(in_parallel, InParallelOp) or not isinstance(forall, ForallOp):
            raise ConsumerFusionRefused(insert, "the parallel_insert_slice is not in an scf.forall")
        if insert.dest not in forall.region_iter_args:
            raise ConsumerFusionRefused(insert, "the slice does not write a shared_outs argument")
        index = forall.region_iter_args.index(insert.dest)  # type: ignore[arg-type]
        writers = [
            op
            for op in forall.terminator.body.ops
            if isinstance(op, ParallelInsertSliceOp) and op.dest == insert.dest
        ]
        if len(writers) != 1:
            raise ConsumerFusionRefused(
                insert,
                f"shared_outs #{index} is written by {len(writers)} parallel_insert_slice ops, "
                "so one of them does not hold the whole tile",
            )
        return SliceLevel(forall, insert, index)
    if isinstance(insert, tensor.InsertSliceOp):
        loop = insert.parent_op()
        if not isinstance(loop, scf.ForOp):
            raise ConsumerFusionRefused(insert, "the insert_slice is not in an scf.for")
        yield_op = loop.body.block.last_op
        assert isinstance(yield_op, scf.YieldOp)
        positions = [i for i, v in enumerate(yield_op.arguments) if v == insert.result]
        if len(positions) != 1:
            raise ConsumerFusionRefused(
                insert, "the insert_slice is not yielded (exactly once) by its scf.for"
            )
        index = positions[0]
        if insert.dest != loop.body.block.args[1 + index]:
            raise ConsumerFusionRefused(
                insert,
                f"the insert_slice yielded as result #{index} does not write into the loop's "
                f"iter_arg #{index}",
            )
        return SliceLevel(loop, insert, index)
    raise ConsumerFusionRefused(
        insert, "expected a tensor.insert_slice or tensor.parallel_insert_slice"
    )


def _pass_through_level(loop: Operation, result_index: int) -> SliceLevel | None:
    """The identity level of `loop` for result `result_index` when `loop` is an scf.for that
    yields there the result of an scf.for directly in its body whose init is its own iter_arg
    (static shapes only: the level's sizes are the tensor's)."""
    if not isinstance(loop, scf.ForOp):
        return None
    yield_op = loop.body.block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    yielded = yield_op.arguments[result_index]
    inner = yielded.owner if isinstance(yielded, OpResult) else None
    if not isinstance(inner, scf.ForOp) or inner.parent_op() is not loop:
        return None
    assert isinstance(yielded, OpResult)
    if inner.iter_args[yielded.index] != loop.body.block.args[1 + result_index]:
        return None
    result_type = loop.results[result_index].type
    if not isinstance(result_type, TensorType) or DYNAMIC_INDEX in result_type.get_shape():
        return None
    if sum(1 for v in yield_op.arguments if v == yielded) != 1:
        return None
    return SliceLevel(loop, yield_op, result_index)


def _parent_level(level: SliceLevel) -> SliceLevel | None:
    """The level of the enclosing loop, when its slice writes this level's loop result (or it
    yields that result as an identity level)."""
    loop_result = level.loop.results[level.result_index]
    for use in loop_result.uses:
        user = use.operation
        if isinstance(user, InsertOp) and use.index == 0:
            try:
                parent = _level_of_insert(user)
            except ConsumerFusionRefused:
                continue
            if parent.loop.is_ancestor(level.loop):
                return parent
        if isinstance(user, scf.YieldOp):
            parent = _pass_through_level(user.parent_op(), use.index)  # type: ignore[arg-type]
            if parent is not None and parent.source == loop_result:
                return parent
    return None


def insert_slice_chain(slice_op: Operation) -> SliceChain:
    """The chain from `slice_op` (an insert_slice yielded by an scf.for, or a
    parallel_insert_slice of an scf.forall) out to the loop nest's result: at each level the
    loop's result is the source of a slice op of the enclosing loop, until it is not.

    Refuses (`ConsumerFusionRefused`) a `slice_op` that does not write a loop result."""
    levels = [_level_of_insert(slice_op)]
    while (parent := _parent_level(levels[-1])) is not None:
        levels.append(parent)
    return SliceChain(tuple(levels))


def innermost_insert_slice(loop: LoopOp, result_index: int, depth: int | None = None) -> InsertOp:
    """The slice op writing result `result_index` of `loop`, followed down through nested loops
    whose result is that slice's source (at most `depth` levels below `loop`; None: all). An
    identity level (an scf.for yielding an inner scf.for's result) is crossed and counts as a
    level; the op returned is the deepest slice op (never the identity level's scf.yield)."""
    level = _level_writing(loop, result_index)
    count = 0
    while (depth is None or count < depth) or level.is_identity:
        source = level.source
        inner = source.owner if isinstance(source, OpResult) else None
        if not isinstance(inner, LoopOp) or inner.parent_op() is not level.loop:
            break
        assert isinstance(source, OpResult)
        try:
            level = _level_writing(inner, source.index)
        except ConsumerFusionRefused:
            if level.is_identity:
                raise
            break
        count += 1
    assert not isinstance(level.insert, scf.YieldOp)
    return level.insert


def _level_writing(loop: LoopOp, result_index: int) -> SliceLevel:
    """The level of `loop` writing its result `result_index` (refused when none does)."""
    if isinstance(loop, ForallOp):
        dest = loop.region_iter_args[result_index]
        writers = [
            op
            for op in loop.terminator.body.ops
            if isinstance(op, ParallelInsertSliceOp) and op.dest == dest
        ]
        if len(writers) != 1:
            raise ConsumerFusionRefused(
                loop,
                f"result #{result_index} of the scf.forall is written by {len(writers)} "
                "parallel_insert_slice ops (expected one)",
            )
        return SliceLevel(loop, writers[0], result_index)
    yield_op = loop.body.block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    yielded = yield_op.arguments[result_index]
    if isinstance(yielded.owner, tensor.InsertSliceOp):
        return _level_of_insert(yielded.owner)  # checks it writes the matching iter_arg
    identity = _pass_through_level(loop, result_index)
    if identity is None:
        raise ConsumerFusionRefused(
            loop,
            f"result #{result_index} of the scf.for is not yielded by a tensor.insert_slice "
            "(nor is it the result of an scf.for nested in it that starts from its iter_arg)",
        )
    return identity


def chain_depth(loop: LoopOp, result_index: int) -> list[SliceLevel]:
    """The levels of result `result_index` of `loop`, outer to inner (empty when the result is
    not written through a slice)."""
    try:
        insert = innermost_insert_slice(loop, result_index)
    except ConsumerFusionRefused:
        return []
    chain = insert_slice_chain(insert)
    levels = list(reversed(chain.levels))
    # The chain from the innermost slice may climb above `loop` (loop is itself nested in a
    # chain); keep the part from `loop` down.
    while levels and levels[0].loop is not loop:
        levels.pop(0)
    return levels


# -- loops with more outputs --------------------------------------------------------------


def add_loop_outputs(loop: LoopOp, inits: Sequence[SSAValue]) -> tuple[LoopOp, list[BlockArgument]]:
    """Replace `loop` by the same loop with `inits` as extra iter_args (scf.for) or shared_outs
    (scf.forall), appended after the existing ones; returns the new loop and the new block
    arguments. The body is moved, not cloned; the old results are replaced by the new loop's
    leading results. The new outputs are passed through unchanged (scf.for yields the block
    argument, scf.forall does not write it) until `yield_tile_into_output` writes them."""
    block = loop.body.block
    new_args = [block.insert_arg(v.type, len(block.args)) for v in inits]
    if isinstance(loop, scf.ForOp):
        yield_op = block.last_op
        assert isinstance(yield_op, scf.YieldOp)
        Rewriter.replace_op(yield_op, scf.YieldOp(*yield_op.arguments, *new_args))
        region = loop.detach_region(loop.body)
        new_loop: LoopOp = scf.ForOp(loop.lb, loop.ub, loop.step, [*loop.iter_args, *inits], region)
        new_loop.attributes.update(loop.attributes)
    else:
        region = loop.detach_region(loop.body)
        new_loop = ForallOp(
            loop.mixed_lower_bound,
            loop.mixed_upper_bound,
            loop.mixed_step,
            [*loop.outputs, *inits],
            region,
            loop.mapping,
            dict(loop.attributes),
        )
    # Keep the loop's source location: diagnostics and remarks about what is later fused
    # into the rebuilt loop point at the user's loop, not at the enclosing function.
    new_loop.location = loop.location
    for old, new in zip(loop.results, new_loop.results):
        if old.name_hint:
            new.name_hint = old.name_hint
    Rewriter.replace_op(loop, new_loop, list(new_loop.results[: len(loop.results)]))
    # xDSL's replace_op names every unnamed result after the old op's first one: the new
    # outputs hold something else (the caller names them after what they hold).
    for new in new_loop.results[len(loop.results) :]:
        new.name_hint = None
    return new_loop, new_args


def yield_tile_into_output(
    loop: LoopOp,
    output_index: int,
    tile: SSAValue,
    offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
) -> Operation:
    """Make output `output_index` of `loop` be its iter_arg/shared_out with `tile` written at
    (`offsets`, `sizes`) (unit strides): an insert_slice yielded by scf.for, a
    parallel_insert_slice in scf.forall's in_parallel. Returns the slice op."""
    if isinstance(loop, scf.ForOp):
        block = loop.body.block
        yield_op = block.last_op
        assert isinstance(yield_op, scf.YieldOp)
        dest = block.args[1 + output_index]
        if is_whole(dest, tile, offsets, sizes):
            # An identity insert_slice folds away (as MLIR's folder does): the loop yields the
            # tile, which is the whole tensor (an inner loop's result).
            yield_op.operands[output_index] = tile
            return yield_op
        insert = insert_slice(tile, dest, offsets, sizes)
        Rewriter.insert_op(insert, InsertPoint.before(yield_op))
        yield_op.operands[output_index] = insert.result
        return insert
    dest = loop.region_iter_args[output_index]
    folded_offsets = [fold_index(o) for o in offsets]
    folded_sizes = [fold_index(s) for s in sizes]
    insert = ParallelInsertSliceOp(tile, dest, folded_offsets, folded_sizes)
    loop.terminator.body.add_op(insert)
    return insert


def is_whole(
    tensor_value: SSAValue, part: SSAValue | None, offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
) -> bool:
    """Whether the slice (`offsets`, `sizes`, unit strides) of `tensor_value` is all of it (and
    of `part`'s type, when given): an identity slice."""
    value_type = tensor_value.type
    if not isinstance(value_type, TensorType) or (part is not None and part.type != value_type):
        return False
    return all(constant_value(o) == 0 for o in offsets) and [
        constant_value(size) for size in sizes
    ] == list(value_type.get_shape()) and DYNAMIC_INDEX not in value_type.get_shape()


def fold_index(value: OpFoldResult) -> OpFoldResult:
    constant = constant_value(value)
    return constant if constant is not None else value





def extract_slice_op(
    source: SSAValue, offsets: Sequence[OpFoldResult], sizes: Sequence[OpFoldResult]
) -> tensor.ExtractSliceOp:
    source_type = source.type
    assert isinstance(source_type, TensorType)
    folded_sizes = [fold_index(s) for s in sizes]
    result_type = tensor.ExtractSliceOp.infer_result_type(source_type, folded_sizes)
    return tensor.ExtractSliceOp(
        source, [fold_index(o) for o in offsets], folded_sizes, [1] * len(sizes), result_type
    )


