"""Vectorized `linalg.transpose`: blocks of whole vectors transposed in registers.

`convert-linalg-to-loops` lowers a transpose to scalar loops in the result's order: each
innermost iteration reads the source one element at a time along a non-contiguous dimension.
When the source is larger than the cache, every pass of an outer loop streams all of it again:
a 1 x 111 x 111 x 64 NHWC-to-NCHW transpose (3 MB) took 3.8 ms, a hundred times its memory
traffic. ShuffleNet's channel shuffles (a 4 x 28 transpose per pixel, 17 of them) were 7% of
its call.

`plan_transposes(module, target)` marks every static float transpose at a function's top level
(not in a loop xfuse fused) with `xfuse.microkernel_transpose` = a group number, the group being
its tile sizes; `transpose_bodies(groups)` tiles each so that one tile spans, in both the
source's and the result's innermost dimension, a vector's worth of elements (or a divisor of the
dimension when no multiple of the vector width does), vectorizes the tiles (a `transfer_read`, a
`vector.transpose`, a `transfer_write`) and lowers the transposes to shuffles (`shuffle_16x16`,
the AVX-512 in-register transpose, when both spans are 16 lanes). Only where that wins: blocks
of whole vectors both ways, or a source read so far apart that the scalar loops leave L1 before
they come back (`L1_BYTES`) and blocks of more than one element both ways; a transpose that keeps the innermost dimension moves whole rows and
stays as it is. These run before the contraction and convolution schedules, which then no longer
see the transposes as producers to fuse into their register tiles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp

from xfuse.backends.schedules.matmul import _static_float_tensor
from xfuse.backends.schedules.packs import lower_transposes
from xfuse.backends.target import CpuTarget

TRANSPOSE_ATTR = "xfuse.microkernel_transpose"

CACHE_LINE_BYTES = 64
L1_BYTES = 32 * 1024
"""Below this reuse distance the scalar loops' reads stay in L1, and small blocks in registers
(ShuffleNet's 4 x 28 channel shuffles, a 3-channel image to NHWC) ran 10-40% slower vectorized
(`shuffle_1d` of odd shapes) than as the loops LLVM vectorizes itself."""

_ANY = "!transform.any_op"


@dataclass(frozen=True)
class TransposeGroup:
    """Transposes tiled alike (by `tile_sizes`, over the result's dimensions); their ops carry
    `group` in `TRANSPOSE_ATTR`. `square`: the tiles are 16 x 16 blocks, whose transposes lower
    with `shuffle_16x16` (the AVX-512 in-register transpose), the others with `shuffle_1d`."""

    group: int
    tile_sizes: tuple[int, ...]
    square: bool


def _span(size: int, lanes: int) -> int:
    """A vector's worth of a dimension of `size`: `lanes` when it divides, the whole dimension
    when it is at most `lanes`, else its largest divisor below `lanes` (no partial tiles)."""
    if size % lanes == 0:
        return lanes
    if size <= lanes:
        return size
    return max(d for d in range(1, lanes + 1) if size % d == 0)


def transpose_tile(op, target: CpuTarget) -> tuple[int, ...] | None:
    """Tile sizes over `op`'s result dimensions (module docstring), or None when `op` is not a
    static float `linalg.transpose`."""
    if op.name != "linalg.transpose":
        return None
    source, result = op.operands[0].type, op.results[0].type if op.results else None
    if result is None or _static_float_tensor(source) is None or _static_float_tensor(result) is None:
        return None
    shape = result.get_shape()
    rank = len(shape)
    permutation = list(op.properties["permutation"].get_values())
    lanes = target.lanes(result.element_type.bitwidth)
    sizes = [1] * rank
    source_inner = permutation.index(rank - 1)  # where the source's contiguous dimension lands
    if source_inner == rank - 1:
        return None  # whole rows: the scalar loops copy them contiguously, and LLVM vectorizes that
    sizes[-1] = _span(shape[-1], lanes)
    sizes[source_inner] = _span(shape[source_inner], lanes)
    full_blocks = sizes[-1] == sizes[source_inner] == lanes
    # The scalar loops read one source cache line per element of the result's dimensions after
    # `source_inner`, and come back to it for the next index of `source_inner`.
    reuse_distance = math.prod(shape[source_inner + 1:]) * CACHE_LINE_BYTES
    if not full_blocks and (reuse_distance <= L1_BYTES or min(sizes[-1], sizes[source_inner]) == 1):
        return None
    return tuple(sizes)


def plan_transposes(module: ModuleOp, target: CpuTarget) -> list[TransposeGroup]:
    """Mark each transpose that `transpose_tile` tiles with its group number; the groups."""
    groups: dict[tuple[tuple[int, ...], bool], int] = {}
    for op in module.walk():
        tile_sizes = transpose_tile(op, target)
        if tile_sizes is None or op.parent_op() is None or op.parent_op().name != "func.func":
            continue
        lanes = target.lanes(op.results[0].type.element_type.bitwidth)
        key = (tile_sizes, lanes == 16 and sorted(tile_sizes)[-2:] == [16, 16])
        group = groups.setdefault(key, len(groups))
        op.attributes[TRANSPOSE_ATTR] = IntegerAttr(group, IntegerType(64))
    return [TransposeGroup(g, *key) for key, g in groups.items()]


def transpose_bodies(groups: list[TransposeGroup]) -> list[str]:
    """The transform ops (on `%root`) tiling and vectorizing each group's transposes; [] when
    there is none."""
    if not groups:
        return []
    lines = []
    for group in groups:
        g, sizes = group.group, ", ".join(map(str, group.tile_sizes))
        tiled = [s for s in group.tile_sizes if s]
        loops = ", ".join(f"%tloop{g}_{i}" for i in range(len(tiled)))
        lines.append(f"""\
    // transpose group {g}: tiles of [{sizes}], vectorized
    %transposes{g} = transform.structured.match attributes{{{TRANSPOSE_ATTR} = {g} : i64}} in %root : ({_ANY}) -> {_ANY}
    %ttile{g}, {loops} = transform.structured.tile_using_for %transposes{g} tile_sizes [{sizes}]
      : ({_ANY}) -> ({_ANY}{f', {_ANY}' * len(tiled)})
    transform.structured.vectorize %ttile{g} : {_ANY}
""")
    lines.append(f"""\
    %transpose_funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %transpose_funcs {{
      transform.apply_patterns.vector.transfer_permutation_patterns
    }} : {_ANY}
""")
    strategies = {"shuffle_16x16" if group.square else "shuffle_1d" for group in groups}
    lines.append(lower_transposes("%transpose_shuffle_funcs", strategies))
    return ["".join(lines)]
