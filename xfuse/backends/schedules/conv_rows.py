"""Register tiles of two output rows for convolutions whose reduction is walked in chunks.

conv.py's register tile is one output row: `mr` pixels x `nr` channels, because
`transform.structured.decompose` (to the 1-D convolution the vectorizer takes) needs the output
height and the filter height of the tile to be 1. A tile whose row has fewer accumulators than
`MIN_ACCUMULATORS` (FMA latency x FMA ports) is latency-bound: each K step waits for the FMA
before it on the same accumulator. Where conv.py walks the reduction in chunks outside the tiles
(`conv._chunks_reduction`: one tap x 128 channels, each chunk read from L1 by all rows), such a
tile can take two output rows instead (`chunk_tile_rows`):

1. the chunk's convolution is split after its last whole pair of rows (`row_tiles`; an even
   height is not split), the pairs tiled `1 x 2 x mr x nr` and marked with `ROWS_ATTR`, the
   last row tiled `1 x 1 x mr x nr`;
2. after conv.py tiles the reduction loops by 1, the marked tiles are tiled again by one row
   inside them (`row_loops`), so that each row decomposes and vectorizes as before;
3. after vectorizing, the row slices are merged and folded into the transfers
   (`row_subset_folds`: without it the second slice, the row loop's, stays around the 1-D
   convolution's transfers), the two-trip row loop is unrolled and its row offsets folded to
   constants (`row_loop_unroll`), so that `hoist_loop_invariant_subsets` proves the two rows'
   accumulators disjoint and keeps both in registers over the K loop.

ResNet-50's three 7x7 3x3 512 -> 512 layers on Zen 3 (blocks of 16 channels split 4 + 3
columns, chunked): the 3-column part, 3x16 with 6 accumulators, becomes 2 x 3x16 (12
accumulators, 2 filter vectors, one broadcast: no spill) over rows 0-5, row 6 alone; its K loop
48 FMAs, 24 broadcasts and 8 filter loads per 4 steps (was 24, 12, 8). The layer 0.89x the time
(sixteenth session); in ResNet-50 at two threads (one profile of both builds) 1.13-1.18x -> 0.95-1.03x
onnxruntime's nodes, the network 0.95-1.01x at one and two threads, its arena unchanged
(`TWO_ROW_CHUNKS`; docs/backend-measurements.md, "Zen 3, sixteenth session" and "seventeenth
session").
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation

from xfuse.backends.schedules.micro_tile import MIN_ACCUMULATORS, MicroTile
from xfuse.backends.target import CpuTarget

TWO_ROW_CHUNKS = True
"""Whether chunked convolutions whose row tile has fewer than `MIN_ACCUMULATORS` take tiles of
two output rows (`chunk_tile_rows`). On: ResNet-50 (the one zoo network it reaches) 0.995, 0.951
and 0.988x the one-row build's time at one thread, 1.006, 0.975 and 0.984x at two (three
interleaved runs, 12-30 rounds, SCHED_FIFO), its arena 4.98 MiB either way. It was off in the
sixteenth session (the network level, the arena 5.02 MiB): `row_subset_folds` then applied its
slice merges to the whole function, which took other blocks' destinations out of their slices
and gave them buffers and copies of their own; docs/backend-measurements.md, "Zen 3, seventeenth
session"."""

ROWS_ATTR = "xfuse.conv_microkernel_rows"
"""On the register tiles of two output rows, = the group: they are tiled by one row inside the
reduction loops (`row_loops`)."""


def chunk_tile_rows(conv: Operation, tile: MicroTile, chunk: int, target: CpuTarget) -> int:
    """Output rows per register tile of `conv` (`tile`, its reduction in chunks of `chunk`
    channels outside the tiles, 0: not chunked): 2 when the row tile has fewer than
    `MIN_ACCUMULATORS` accumulators and twice as many still fit the registers beside its filter
    vectors and one broadcast, the output at least two rows high; else 1. Only chunked: there the
    accumulators are reloaded per chunk anyway, and each chunk is in L1 for both rows."""
    if not TWO_ROW_CHUNKS or not chunk or tile.remainder or tile.accumulators >= MIN_ACCUMULATORS:
        return 1
    if conv.results[0].type.get_shape()[1] < 2 or tile.registers + tile.accumulators > target.vector_registers:
        return 1
    return 2


def row_tiles(g: int, rows: int, row_split: int, any_op: str, fuse: Callable[[str, str, bool, int], str]) -> str:
    """The transform ops tiling group `g`'s chunk convolutions (`%croots{g}`) in tiles of `rows`
    rows over the first `row_split` rows (0: all) and one row after, marked with `ROWS_ATTR`;
    `%cloops{g}` their outermost loops. `fuse(target, name, in_foreach, rows)` writes conv.py's
    tiling of one handle."""
    value = f"    %crows_value{g} = transform.param.constant {g} : i64 -> !transform.param<i64>\n"
    if not row_split:
        return (value + f'    transform.annotate %croots{g} "{ROWS_ATTR}" = %crows_value{g} : {any_op}, '
                f"!transform.param<i64>\n" + fuse(f"%croots{g}", f"%cloops{g}", False, rows))
    return value + f"""\
    %cloops{g} = transform.foreach %croots{g} : {any_op} -> {any_op} {{
    ^bb0(%op: {any_op}):
      %parts = transform.structured.split %op after {row_split} {{dimension = 1}} : {any_op}
      %full, %rest = transform.split_handle %parts : ({any_op}) -> ({any_op}, {any_op})
      transform.annotate %full "{ROWS_ATTR}" = %crows_value{g} : {any_op}, !transform.param<i64>
{fuse("%full", "%full_n", True, rows)}\
{fuse("%rest", "%rest_n", True, 1)}\
      %both = transform.merge_handles %full_n, %rest_n : {any_op}
      transform.yield %both : {any_op}
    }}
"""


def row_loops(g: int, rows: int, conv_attr: str, any_op: str) -> str:
    """After the reduction tiling: the `ROWS_ATTR` convolutions of group `g` tiled again by one
    row (`%crow_loops{g}`), and `%cstep_rows{g}` all of the group's convolutions matched again
    for the decomposition (the row tiling consumed their handle). "" for one-row tiles."""
    if rows == 1:
        return ""
    return f"""\
    %crowed{g} = transform.structured.match attributes{{{ROWS_ATTR} = {g} : i64}} in %root : ({any_op}) -> {any_op}
    %crow{g}, %crow_loops{g} = transform.structured.tile_using_for %crowed{g} tile_sizes [0, 1]
      : ({any_op}) -> ({any_op}, {any_op})
    %cstep_rows{g} = transform.structured.match attributes{{{conv_attr} = {g} : i64}} in %root : ({any_op}) -> {any_op}
"""


def row_subset_folds(g: int, rows: int, any_op: str) -> str:
    """After vectorizing: the row loop's slice merged with the 1-D convolution's and folded into
    its transfers (before conv.py's fold and the cast of leading unit dims, after which the write
    no longer covers the slice), in the group's tile loops only (`%cloops{g}`). Over the whole
    function the merge also took each column part's destination out of its block's slice (an
    `extract_slice` of the whole result), and of Winograd's and xfuse-block-filters' blocks
    elsewhere: bufferization then gave each block a buffer of its own and a copy (ResNet-50: 332
    more allocations a call, its arena 4.98 -> 5.02 MiB). "" for one-row tiles."""
    if rows == 1:
        return ""
    return f"""\
    transform.apply_patterns to %cloops{g} {{
      transform.apply_patterns.tensor.merge_consecutive_insert_extract_slice
      transform.apply_patterns.tensor.fold_tensor_subset_ops
    }} : {any_op}
"""


def row_loop_unroll(g: int, rows: int, any_op: str) -> str:
    """Before hoisting the accumulators: the row loop unrolled and its row offsets (`0 + 1 x 1`)
    folded to constants, without canonicalization (which would fold the one-trip reduction loops
    the hoisting handles name). "" for one-row tiles."""
    if rows == 1:
        return ""
    return f"""\
    transform.loop.unroll %crow_loops{g} {{factor = {rows}}} : {any_op}
    transform.apply_patterns to %cfunc{g} {{
    }} : {any_op}
"""
