"""Marking the ops a pass should transform, without reaching into xDSL's attribute classes.

`xfuse-tile` (and `xfuse-diffusion{root-tile-sizes=...}` for roots already marked) tiles the ops
that carry `xfuse.tile_sizes = array<i64: ...>`. From Python:

    matmul = next(op for op in module.walk() if op.name == "linalg.matmul")
    xfuse.mark_for_tiling(matmul, [64, 64])        # tile sizes, one per loop (missing: 0)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import DenseArrayBase, i64
from xdsl.ir import Operation

from xfuse.diagnostics import emit_error
from xfuse.interfaces.tiling import tiling_model_for
from xfuse.transforms.tile import TILE_SIZES_ATTR


def mark_for_tiling(ops: Operation | Iterable[Operation], tile_sizes: Sequence[int] = ()) -> None:
    """Give each op `xfuse.tile_sizes = array<i64: tile_sizes...>`, the mark `xfuse-tile` tiles.

    Empty `tile_sizes` (`array<i64>`) lets the pass option `tile-sizes` decide. An op without a
    TilingInterface model, or a negative size, is an `XfuseError` at the op."""
    targets = [ops] if isinstance(ops, Operation) else list(ops)
    sizes = [int(size) for size in tile_sizes]
    for op in targets:
        if tiling_model_for(op) is None:
            emit_error(op, f"cannot mark '{op.name}' for tiling: it has no TilingInterface model")
        if any(size < 0 for size in sizes):
            emit_error(op, f"cannot mark '{op.name}' for tiling: tile sizes must be non-negative, got {sizes}")
        op.attributes[TILE_SIZES_ATTR] = DenseArrayBase.from_list(i64, sizes)
