"""`transform.structured.tile_reduction_using_for` / `_forall`, run with xfuse's partial-reduction
tiling (`xfuse/transforms/tile_reduction.py`).

Result handles follow MLIR 22 exactly: per target, the flat list (one fill per init, the split
op, one merge per init, the loop) is bound to the op's results by position, so a target with
`n` inits needs `2n + 2` results (`%fill:n, %split, %merge:n, %loop` in MLIR's printed form
groups them differently, but the positions are what count); another count is MLIR's definite
"expected to produce N results" failure. A refusal of the tiling is silenceable.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, IntegerAttr
from xdsl.ir import Attribute, Operation

from xfuse.diagnostics import XfuseError
from xfuse.dialects import transform as ft
from xfuse.transform_interp.core_ops import set_op_results
from xfuse.transform_interp.interpreter import Interpreter, implements
from xfuse.transform_interp.state import definite, silenceable
from xfuse.transforms.tile_reduction import (
    PartialReduction,
    tile_reduction_using_for,
    tile_reduction_using_forall,
)

__all__: list[str] = []


def _ints(attr: Attribute | None) -> list[int]:
    """The integers of an `[1, 2]` array or `array<i64: 1, 2>` property (empty when absent)."""
    if attr is None:
        return []
    if isinstance(attr, DenseArrayBase):
        return [int(v) for v in attr.get_values()]
    assert isinstance(attr, ArrayAttr)
    return [a.value.data for a in attr.data if isinstance(a, IntegerAttr)]


def _reduction_dims(op: ft.TileReductionUsingForOp | ft.TileReductionUsingForallOp) -> list[int] | None:
    """`reduction_dims`, None when absent or empty (MLIR: then every reduction loop)."""
    return _ints(op.reduction_dims) or None


@implements(ft.TileReductionUsingForOp, consumes=(0,))
def _tile_reduction_using_for(interp: Interpreter, op: ft.TileReductionUsingForOp) -> None:
    sizes, dims = _ints(op.tile_sizes), _reduction_dims(op)
    _split_reductions(interp, op, lambda target: tile_reduction_using_for(target, sizes, dims))


@implements(ft.TileReductionUsingForallOp, consumes=(0,))
def _tile_reduction_using_forall(interp: Interpreter, op: ft.TileReductionUsingForallOp) -> None:
    threads, sizes, dims = _ints(op.num_threads), _ints(op.tile_sizes), _reduction_dims(op)
    if not threads and not sizes:
        raise definite(op, "expected num_threads or tile_sizes")
    mapping = op.mapping if isinstance(op.mapping, ArrayAttr) else None
    _split_reductions(
        interp,
        op,
        lambda target: tile_reduction_using_forall(
            target, threads, mapping, tile_sizes=sizes, reduction_dims=dims
        ),
    )


def _split_reductions(
    interp: Interpreter,
    op: ft.TileReductionUsingForOp | ft.TileReductionUsingForallOp,
    split: Callable[[Operation], PartialReduction],
) -> None:
    """Run `split` on every target and bind result `j` of the op to the `j`-th op of every
    target's flat result list (MLIR's `applyToOne` for every target)."""
    per_result: list[list[Operation]] = [[] for _ in op.results]
    for target in interp.state.payload_ops(op, op.target):
        try:
            result = split(target)
        except XfuseError as refusal:
            raise silenceable(op, refusal.message, target) from None
        handles = result.handles
        if len(handles) != len(op.results):
            raise definite(
                op,
                f"application of {op.name} expected to produce {len(op.results)} results (actually "
                f"produced {len(handles)}): a target with n inits gives n fill ops, the split op, "
                "n combining ops and the loop",
                target,
            )
        for bucket, handle in zip(per_result, handles, strict=True):
            bucket.append(handle)
    for result, payload in zip(op.results, per_result, strict=True):
        set_op_results(interp, op, result, payload)
