"""The structured tiling and fusion transform ops, run with xfuse's own drivers.

| transform op                         | xfuse function                                        |
|--------------------------------------|-------------------------------------------------------|
| `structured.tile_using_for`          | `tile.tile_and_replace` (loop = for)                  |
| `structured.tile_using_forall`       | `tile.tile_and_replace` (loop = forall)               |
| `structured.fuse`                    | `tile.tile_and_replace`, then `fuse_producers.fuse_producers` on the new nest |
| `structured.fuse_into_containing_op` | `fuse_producers.fuse_producer_of_slice` per slice of the producer in the loop, else a clone |
| `xfuse.fuse_consumer`                | `fuse_consumers.fuse_consumer_into_loop`              |
| `xfuse.diffuse`                      | `diffusion.diffuse` with the given seeds and cost model |

A driver's refusal (an `XfuseError` raised before the IR changes) becomes a failure at the
transform op with a note at the payload op. What is a silenceable and what a definite failure
follows MLIR: an op that is not tileable, a producer that cannot be fused, a bad handle size are
silenceable; a refusal of the tiling driver itself is definite (as `tileUsingSCF` failing is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, DenseArrayBase
from xdsl.ir import Attribute, Block, Operation, OpResult
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsolatedFromAbove

from xfuse.diagnostics import XfuseError
from xfuse.dialects import transform as ft
from xfuse.dialects.scf import ForallOp
from xfuse.interfaces.tiling import OpFoldResult, constant_value, tiling_model_for
from xfuse.transform_interp.core_ops import set_op_results
from xfuse.transform_interp.interpreter import Interpreter, implements
from xfuse.transform_interp.size_lists import (
    constant_sizes,
    packed_sizes,
    per_target_sizes,
    single_sizes,
)
from xfuse.transform_interp.state import definite, silenceable
from xfuse.transforms.tile import LoopType, TileOptions, tile_and_replace

from xdsl.dialects import scf

LoopOp = (scf.ForOp, ForallOp)

# -- sizes ----------------------------------------------------------------------------------


def _static_domain(op: Operation) -> list[int] | None:
    """The static extent of every loop of `op`, or None when one is dynamic."""
    model = tiling_model_for(op)
    if model is None:
        return None
    scratch = Block()
    try:
        domain = model.get_iteration_domain(Builder(InsertPoint.at_end(scratch)), op)
        extents = [constant_value(r.size) for r in domain]
    finally:
        for created in reversed(list(scratch.ops)):
            created.detach()
            created.erase(safe_erase=False)
    return None if any(e is None for e in extents) else [e for e in extents if e is not None]


@dataclass(frozen=True)
class _Tiled:
    loops: tuple[Operation, ...]
    tiled_ops: tuple[Operation, ...]


def _tile(transform_op: Operation, target: Operation, options: TileOptions) -> _Tiled:
    """Tile with xfuse's driver (`tile.tile_and_replace`), or into memref subviews for a
    structured op on buffers (`tile_memref.tile_memref_op`)."""
    from xfuse.transforms.tile_memref import has_memref_semantics, tile_memref_op

    if tiling_model_for(target) is None:
        raise silenceable(
            transform_op, "only ops implementing TilingInterface are supported", target
        )
    try:
        if isinstance(target, tensor.PadOp):
            from xfuse.transforms.tile_pad import tile_pad_op

            loops, tiled_ops = tile_pad_op(target, options)
            return _Tiled(loops, tiled_ops)
        if has_memref_semantics(target):
            done = tile_memref_op(
                target, options.tile_sizes, options.interchange, options.loop, options.mapping,
                options.num_threads,
            )
            return _Tiled(done.loops, (done.tiled_op,))
        result = tile_and_replace(target, options)
        return _Tiled(tuple(result.loops), tuple(result.tiled_ops))
    except XfuseError as refusal:
        raise definite(transform_op, f"failed to tile: {refusal.message}", target) from None


def _group_loops(per_target: list[Sequence[Operation]], count: int) -> list[list[Operation]]:
    """Result handle k holds loop k of every target (MLIR's loop results)."""
    groups: list[list[Operation]] = [[] for _ in range(count)]
    for loops in per_target:
        for index, loop in enumerate(loops[:count]):
            groups[index].append(loop)
    return groups


# -- tile_using_for / tile_using_forall --------------------------------------------------------


@implements(ft.TileUsingForOp, consumes=(0,))
def _tile_using_for(interp: Interpreter, op: ft.TileUsingForOp) -> None:
    static = [int(v) for v in op.static_sizes.get_values()] if op.static_sizes is not None else []
    if op.scalable_sizes is not None and any(op.scalable_sizes.get_values()):
        raise definite(op, "scalable tile sizes are not supported by xfuse")
    if any(s < 0 for s in static if s != DYNAMIC_INDEX):
        raise definite(op, f"expected non-negative tile sizes, got {static}")
    interchange = [int(v) for v in op.interchange.get_values()] if op.interchange is not None else []
    targets = interp.state.payload_ops(op, op.target)
    sizes = per_target_sizes(interp, op, static, list(op.dynamic_sizes), len(targets))
    tiled_ops: list[Operation] = []
    all_loops: list[Sequence[Operation]] = []
    for target, target_sizes in zip(targets, sizes, strict=True):
        result = _tile(op, target, TileOptions(target_sizes, interchange, "for"))
        tiled_ops.extend(result.tiled_ops)
        all_loops.append(result.loops)
    set_op_results(interp, op, op.tiled_linalg_op, tiled_ops)
    for handle, loops in zip(op.loops, _group_loops(all_loops, len(op.loops))):
        set_op_results(interp, op, handle, loops)


def forall_options(
    target: Operation,
    values: Sequence[OpFoldResult],
    by_threads: bool,
    mapping: ArrayAttr[Attribute] | None,
) -> TileOptions:
    """The driver's options for `tile_using_forall`. `num_threads` with static counts on static
    extents becomes tile sizes `ceil(extent / threads)` (xfuse's forall then has
    `ceil(extent / size)` iterations, which may be fewer than num_threads where MLIR's ends with
    empty tiles: same result); otherwise the forall runs over thread ids as MLIR's does."""
    if not by_threads:
        return TileOptions(values, (), "forall", mapping)
    extents = _static_domain(target)
    threads = [constant_value(v) for v in values]
    if extents is None or any(t is None for t in threads):
        return TileOptions((), (), "forall", mapping, num_threads=values)
    sizes: list[OpFoldResult] = []
    for loop, count in enumerate(threads):
        assert count is not None
        if count == 0 or loop >= len(extents):
            sizes.append(0)
        else:
            sizes.append(max(1, -(-extents[loop] // count)))
    return TileOptions(sizes, (), "forall", mapping)


@implements(ft.TileUsingForallOp, consumes=(0,))
def _tile_using_forall(interp: Interpreter, op: ft.TileUsingForallOp) -> None:
    values: list[OpFoldResult]
    if op.packed_num_threads is not None or op.packed_tile_sizes is not None:
        packed = op.packed_num_threads or op.packed_tile_sizes
        assert packed is not None
        values = packed_sizes(interp, op, packed)
        by_threads = op.packed_num_threads is not None
    elif op.static_num_threads is not None:
        values = single_sizes(interp, op, _values(op.static_num_threads), list(op.num_threads))
        by_threads = True
    else:
        assert op.static_tile_sizes is not None
        values = single_sizes(interp, op, _values(op.static_tile_sizes), list(op.tile_sizes))
        by_threads = False
    mapping = op.mapping if isinstance(op.mapping, ArrayAttr) else None
    tiled_ops: list[Operation] = []
    foralls: list[Operation] = []
    for target in interp.state.payload_ops(op, op.target):
        result = _tile(op, target, forall_options(target, values, by_threads, mapping))
        tiled_ops.extend(result.tiled_ops)
        foralls.extend(result.loops)
    set_op_results(interp, op, op.tiled_op, tiled_ops)
    set_op_results(interp, op, op.forall_op, foralls)


# -- fuse (tile + greedy producer fusion) ------------------------------------------------------


@implements(ft.FuseOp, consumes=(0,))
def _fuse(interp: Interpreter, op: ft.FuseOp) -> None:
    from xfuse.transforms.fuse_producers import fuse_producers

    sizes: list[OpFoldResult] = list(
        constant_sizes(interp, op, _values(op.static_tile_sizes), list(op.tile_sizes))
    )
    interchange = constant_sizes(
        interp, op, _values(op.static_tile_interchange), list(op.tile_interchange)
    )
    loop: LoopType = "forall" if op.use_forall is not None else "for"
    transformed: list[Operation] = []
    all_loops: list[Sequence[Operation]] = []
    for target in interp.state.payload_ops(op, op.target):
        result = _tile(op, target, TileOptions(sizes, interchange, loop))
        if result.loops:
            try:
                fuse_producers(result.loops[0], remark=None)
            except XfuseError as refusal:
                raise definite(op, f"failed to fuse producers: {refusal.message}", target) from None
        transformed.extend(result.tiled_ops)
        all_loops.append(result.loops)
    set_op_results(interp, op, op.transformed, transformed)
    for handle, loops in zip(op.loops, _group_loops(all_loops, len(op.loops))):
        set_op_results(interp, op, handle, loops)


def _values(attr: DenseArrayBase | None) -> list[int]:
    return [int(v) for v in attr.get_values()] if attr is not None else []


# -- fuse_into_containing_op ------------------------------------------------------------------


def _is_inside(op: Operation, ancestor: Operation) -> bool:
    current = op.parent_op()
    while current is not None:
        if current is ancestor:
            return True
        current = current.parent_op()
    return False


def _slices_of(producer: Operation, containing: Operation) -> list[tensor.ExtractSliceOp]:
    from xfuse.transforms.fuse_producers import candidate_refusal, walk_slice_chain

    found: list[tensor.ExtractSliceOp] = []
    for candidate in containing.walk():
        if not isinstance(candidate, tensor.ExtractSliceOp):
            continue
        chain = walk_slice_chain(candidate)
        if chain.producer is producer and candidate_refusal(candidate, chain) is None:
            found.append(candidate)
    return found


def fuse_into_containing(
    transform_op: Operation, producer: Operation, containing: Operation
) -> list[Operation]:
    """Fuse `producer` into `containing` (MLIR's FuseIntoContainingOp, one producer): tile it
    for every slice of its results taken in the loop (through the loop's destination too), else
    clone it next to its uses in the loop. Returns the fused ops."""
    from xfuse.transforms.fuse_producers import fuse_producer_of_slice

    fused: list[Operation] = []
    rewriter = PatternRewriter(InsertPoint.before(containing))
    slices = _slices_of(producer, containing)
    refusal: XfuseError | None = None
    for slice_op in reversed(slices):
        if slice_op.parent is None:
            continue
        try:
            result = fuse_producer_of_slice(rewriter, slice_op)
        except XfuseError as error:
            refusal = error
            continue
        fused.extend(result.tiled_ops)
    if producer.parent is not None:
        direct_uses = [
            use for result in producer.results for use in list(result.uses)
            if _is_inside(use.operation, containing)
        ]
        if direct_uses and refusal is None:
            fused.append(_clone_into(producer, containing, direct_uses))
    if not fused:
        reason = f": {refusal.message}" if refusal is not None else (
            ": it has no use inside the containing op"
        )
        raise silenceable(
            transform_op,
            f"could not fuse '{producer.name}' into '{containing.name}'{reason}",
            producer,
            notes=[(containing, "containing op")],
        )
    return fused


def _clone_into(producer: Operation, containing: Operation, uses) -> Operation:
    """Clone `producer` at the start of `containing`'s body for its uses there (MLIR's
    cloneAndFuseFirstUse, for every use at once)."""
    body = containing.regions[0].blocks[0]
    clone = producer.clone()
    Rewriter.insert_op(clone, InsertPoint.at_start(body))
    for use in uses:
        value = use.operation.operands[use.index]
        assert isinstance(value, OpResult)
        use.operation.operands[use.index] = clone.results[value.index]
    if not any(result.uses for result in producer.results):
        Rewriter.erase_op(producer)
    return clone


@implements(ft.FuseIntoContainingOp, consumes=(0,))
def _fuse_into_containing_op(interp: Interpreter, op: ft.FuseIntoContainingOp) -> None:
    containing_ops = interp.state.payload_ops(op, op.containing_op)
    if len(containing_ops) != 1:
        raise definite(
            op, f"requires exactly one containing_op handle (got {len(containing_ops)})"
        )
    containing = containing_ops[0]
    producers = interp.state.payload_ops(op, op.producer_op)
    fused: list[Operation] = []
    # Fuse consumers-first (MLIR sorts the producers so that a producer's users in the loop are
    # fused before it): the last producer in IR order is fused first.
    for producer in reversed(producers):
        if producer.parent is None:
            continue
        fused.extend(fuse_into_containing(op, producer, containing))
    set_op_results(interp, op, op.fused_op, fused)
    set_op_results(interp, op, op.new_containing_op, [containing])


# -- xfuse's own ops ---------------------------------------------------------------------------


@implements(ft.XfuseFuseConsumerOp, consumes=(0, 1))
def _xfuse_fuse_consumer(interp: Interpreter, op: ft.XfuseFuseConsumerOp) -> None:
    from xfuse.transforms.fuse_consumers import fuse_consumer_into_loop

    loops = interp.state.payload_ops(op, op.containing_op)
    if len(loops) != 1 or not isinstance(loops[0], LoopOp):
        raise definite(op, "expected the containing handle to hold exactly one scf.for / scf.forall")
    loop = loops[0]
    fused: list[Operation] = []
    for consumer in interp.state.payload_ops(op, op.consumer):
        try:
            result = fuse_consumer_into_loop(consumer, loop)  # pyright: ignore[reportArgumentType]
        except XfuseError as refusal:
            raise silenceable(
                op, f"could not fuse consumer: {refusal.message}", consumer,
                notes=[(loop, "loop nest")],
            ) from None
        fused.append(result.tiled_consumer)
        loop = result.loops[0]
    set_op_results(interp, op, op.fused_consumer, fused)
    set_op_results(interp, op, op.new_containing_op, [loop])


@implements(ft.XfuseDiffuseOp)
def _xfuse_diffuse(interp: Interpreter, op: ft.XfuseDiffuseOp) -> None:
    from xfuse.transforms.diffusion import diffuse
    from xfuse.transforms.diffusion_cost import TargetDescription, cost_model_by_name

    name = op.cost_model.data if op.cost_model is not None else "smallest"
    cache = tuple(_values(op.cache_sizes))
    try:
        model = cost_model_by_name(name, TargetDescription(cache) if cache else None)
    except ValueError as error:
        raise definite(op, str(error)) from None
    seeds = interp.state.payload_ops(op, op.target)
    fused: list[Operation] = []
    by_root: dict[int, tuple[Operation, list[Operation]]] = {}
    for seed in seeds:
        root = seed.parent_op()
        while root is not None and not root.has_trait(IsolatedFromAbove):
            root = root.parent_op()
        if root is None:
            raise definite(op, "the seed is not inside an isolated-from-above op", seed)
        by_root.setdefault(id(root), (root, []))[1].append(seed)
    for root, root_seeds in by_root.values():
        result = diffuse(root, model, seeds=root_seeds)
        fused.extend(tiled for _, _, tiled in result.fused if tiled.parent is not None)
    set_op_results(interp, op, op.fused, fused)


__all__ = ["forall_options", "fuse_into_containing"]
