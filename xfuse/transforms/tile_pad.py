"""`transform.structured.tile_using_for` / `tile_using_forall` on a `tensor.pad`.

xfuse's tiling driver (`tile.py`) tiles destination-style ops only; MLIR tiles a pad by giving it
a `tensor.empty` destination (`getOrCreateDestinations`). The same is done here with the
drivers themselves, without a second loop builder:

1. `%e = tensor.empty` of the pad's shape and `%c = linalg.copy ins(%pad) outs(%e)`, which takes
   over the pad's uses;
2. the copy is tiled by `tile.tile_and_replace` (loops carrying `%e`);
3. the pad is fused into the loops as the producer of the copy's input slice
   (`fuse_producers.fuse_producer_of_slice`, the pad model of `interfaces/tiling_pad.py`, with
   its zero-size-slice guard);
4. the tiled copy, an identity on tensors, is replaced by the pad's tile and erased.

The result is MLIR's: loops over the padded shape whose body computes a tile of the pad and
inserts it into the loop-carried tensor.
"""

from __future__ import annotations

from xdsl.builder import Builder
from xdsl.dialects import tensor
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.interfaces.tiling import TilingRefused, constant_value, materialize_index
from xfuse.interfaces.tiling_pad import padded_sizes
from xfuse.transforms.tile import TiledLoops, TileOptions, tile_and_replace
from xfuse.transforms.tile_sizes import check_dynamic_sizes

__all__ = ["tile_pad_op"]


def tile_pad_op(op: tensor.PadOp, options: TileOptions) -> tuple[tuple[Operation, ...], tuple[Operation, ...]]:
    """Tile `op` (module docstring); returns (loops, tiled ops). Refusals are `XfuseError`s."""
    from xfuse.transforms.fuse_producers import fuse_producer_of_slice

    # Checked on the pad (the copy built right after it sees the same values), so a refusal
    # names the user's op.
    check_dynamic_sizes(
        op,
        options.num_threads or options.tile_sizes,
        "thread count" if options.num_threads else "tile size",
    )
    result_type = op.result.type
    assert isinstance(result_type, TensorType)
    builder = Builder(InsertPoint.after(op))
    sizes = padded_sizes(builder, op)
    dynamic = [materialize_index(builder, s) for s in sizes if constant_value(s) is None]
    empty = builder.insert(tensor.EmptyOp(dynamic, result_type))
    copy = builder.insert(linalg.CopyOp([op.result], [empty.tensor], [result_type]))
    op.result.replace_uses_with_if(copy.results[0], lambda use: use.operation is not copy)
    try:
        tiled: TiledLoops = tile_and_replace(copy, options)
    except TilingRefused:
        _undo(op, copy, empty)
        raise
    if not tiled.loops:
        _undo(op, copy, empty)
        return (), (op,)
    tiled_copy = tiled.tiled_ops[0]
    source_slice = tiled_copy.operands[0].owner
    assert isinstance(source_slice, tensor.ExtractSliceOp)
    fused = fuse_producer_of_slice(PatternRewriter(InsertPoint.before(source_slice)), source_slice)
    # The copy of the pad's tile into the destination's slice is the identity on tensors.
    out_slice = tiled_copy.operands[1].owner
    Rewriter.replace_op(tiled_copy, [], [fused.tile])
    if isinstance(out_slice, tensor.ExtractSliceOp) and not out_slice.result.uses:
        Rewriter.erase_op(out_slice)
    return tuple(tiled.loops), tuple(fused.tiled_ops)


def _undo(op: tensor.PadOp, copy: Operation, empty: Operation) -> None:
    copy.results[0].replace_all_uses_with(op.result)
    Rewriter.erase_op(copy)
    Rewriter.erase_op(empty)
