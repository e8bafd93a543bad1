"""Strided poolings of an activation that other ops read too, computed as soon as it exists.

ShuffleNet's stride-2 units read their input twice: the branch (a grouped 1x1 convolution, the
shuffle, a depthwise and another grouped convolution) and the shortcut, a 3x3 stride-2 average
pooling that torch-mlir places last, right before the concatenation. So the unit's input
(56 x 56 x 24) is live across the whole branch, including the shuffle, where ShuffleNet's peak
is (two 56 x 56 x 112 buffers). Pooled first, only the pooling's result (28 x 28 x 24, a quarter
of it) is live across the branch, and the input dies at the branch's first convolution.

A pooling at a function's top level whose input (directly, or through a `tensor.pad`) is read by
another op as well and whose result is smaller than that input is moved, with every op of the
block it depends on that comes after the input's definition (its pad, its init's fill and
empty, the window), to right after that definition, in their order. Tensor ops have value
semantics, so any order of the block that keeps each definition before its uses computes the
same values; only which buffers are live at once changes.
"""

from __future__ import annotations

import math

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.top_level_rewrites import rewrite_top_level_ops

__all__ = ["EARLY_POOLINGS_ENABLED", "early_poolings"]

EARLY_POOLINGS_ENABLED = True
"""Move the poolings (a switch for A/B measurements)."""

_POOLS = ("linalg.pooling_nhwc_max", "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_sum")


def _elements(value: SSAValue) -> int:
    shape = value.type.get_shape() if isinstance(value.type, TensorType) else (-1,)
    return math.prod(shape) if all(d >= 0 for d in shape) else -1


def _used_values(op: Operation):
    """The values `op` reads, including those its regions read from outside (a pad's value)."""
    for inner in op.walk():
        yield from inner.operands


def _slice_after(op: Operation, anchor: Operation | None, block: Block) -> list[Operation] | None:
    """`op` and the ops of `block` after `anchor` (the whole block when None) that it depends on,
    in block order; None when one of them has side effects or is not a pure tensor op."""
    found: set[Operation] = set()
    pending = [op]
    while pending:
        current = pending.pop()
        if current in found:
            continue
        found.add(current)
        for value in _used_values(current):
            if not isinstance(value, OpResult) or value.op.parent_block() is not block:
                continue
            definer = value.op
            if anchor is not None and not anchor.is_before_in_block(definer):
                continue
            pending.append(definer)
    if any(o.name.startswith(("func.", "scf.", "memref.")) for o in found):
        return None
    return [o for o in block.ops if o in found]


def _hoist(pool: Operation) -> bool:
    """Move `pool` and what it depends on right after its input's definition (module doc)."""
    block = pool.parent_block()
    padded = pool.operands[0]
    source = padded.op.operands[0] if isinstance(padded, OpResult) and padded.op.name == "tensor.pad" else padded
    readers = {use.operation for use in source.uses}
    if len(readers) < 2 or not 0 < _elements(pool.results[0]) < _elements(source):
        return False
    anchor = source.op if isinstance(source, OpResult) else None
    if anchor is not None and anchor.parent_block() is not block:
        return False
    if isinstance(source, BlockArgument) and source.block is not block:
        return False
    moved = _slice_after(pool, anchor, block)
    if moved is None:
        return False
    after = anchor.next_op if anchor is not None else block.first_op
    if after is moved[0]:
        return False  # already there
    for op in moved:
        op.detach()
    Rewriter.insert_op(moved, InsertPoint.after(anchor) if anchor is not None else InsertPoint.at_start(block))
    return True


def early_poolings(module: ModuleOp) -> int:
    """Move each qualifying pooling of `module` (module doc); how many were moved."""
    return rewrite_top_level_ops(module, _POOLS, _hoist) if EARLY_POOLINGS_ENABLED else 0
