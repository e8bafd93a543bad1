"""Blocks of tile rows: how many of a rewritten convolution's tile rows one loop step transforms,
multiplies and transforms back.

Over the whole map, the transformed input `V` (16 x tiles x C) and the products `M`
(16 x tiles x K) are four times the input and output (12.8 MB each at VGG-19's 56 x 56 x 256):
they stream through L3 and, held by the per-call arena, they grew it above onnxruntime's peak, so
the arena bound (`memory.py`) refused most layers. In blocks of `rows` tile rows (`rows` x TW x N
tiles) `V` and `M` are a block's, and each block rereads the transformed filter `U`
(16 x C x K) once: fewer, larger blocks reread `U` less, smaller ones keep `V` and `M` in L2.

`block_rows` takes the most rows whose `V` and `M` fit in the target's L2 (`L2_SHARE` of it, the
rest for `U`'s panels and the output block), at least `MIN_BLOCK_TILES` tiles (the products'
register tiles then run several row tiles per panel of `U`), and in a build of several threads
at most a thread's share of the rows (the blocks are the `scf.forall`'s iterations). It then
prefers blocks that divide the tile rows (and whose count divides by the threads): the divisor
nearest that size, up to twice it; else equal blocks and a smaller last one.

A map one block holds at one thread is, at several threads, that block over parts of K
(`k_parts`): blocks of rows would split a 14 x 14 map's 7 rows 4 + 3, each thread multiplying by
all of `U`; parts of K share it.
"""

from __future__ import annotations

import math

from xfuse.backends.target import CpuTarget
from xfuse.transforms.winograd.cost import ConvShape

L2_SHARE = 0.5
"""The part of L2 a block's `V` and `M` may take (the rest: panels of `U`, the output block)."""
MIN_BLOCK_TILES = 48
"""Fewest tiles in a block: the products' rows (several register tiles of 4-6 rows each)."""


def block_bytes(shape: ConvShape, rows: int, element: int = 4) -> int:
    """Bytes of `V` and `M` for a block of `rows` tile rows."""
    return 16 * shape.n * rows * math.ceil(shape.ow / 2) * (shape.c + shape.k) * element


def block_rows(shape: ConvShape, target: CpuTarget, threads: int = 1) -> int:
    """Tile rows per block (module doc); the last block may be smaller (`tile_rows % rows`)."""
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    fit = int(target.l2_bytes * L2_SHARE) // block_bytes(shape, 1)
    least = math.ceil(MIN_BLOCK_TILES / (shape.n * tw))
    rows = max(fit, least, 1)
    if threads > 1:
        rows = min(rows, math.ceil(th / threads))
    rows = min(rows, th)
    even = [d for d in range(least if threads == 1 else 1, min(th, 2 * rows) + 1)
            if th % d == 0 and (th // d) % threads == 0]
    if even:  # blocks that divide the rows (and the threads), the nearest to `rows`, larger on a tie
        return min(even, key=lambda d: (abs(d - rows), -d))
    return math.ceil(th / math.ceil(th / rows))  # equal blocks, the last one smaller


def panel_columns(shape: ConvShape, rows: int, target: CpuTarget) -> int | None:
    """The width of the panels a block's products read the transformed filter in (the register
    tile's width for the block's tiles, `blocked_weights.panel_width`), or None when it does not
    divide K or K is no wider."""
    from xfuse.transforms.layout.blocked_weights import panel_width

    width = panel_width(shape.n * rows * math.ceil(shape.ow / 2), 32, target)
    return width if shape.k > width and shape.k % width == 0 else None


SPLIT_K_MIN_L2_PARTS = 0.0
"""`k_parts` splits a layer whose thread's part of `U` (`16 C K / threads` elements) is at least
this many times a core's L2 (0: every layer one block holds)."""


def k_parts(shape: ConvShape, target: CpuTarget, threads: int) -> int | None:
    """The parts of K a build of `threads` threads splits the layer into (`threads`), or None:
    when one block holds all the tile rows at one thread (`block_rows`: a 14 x 14 map's 7 rows,
    which blocks of rows split 4 + 3, each thread multiplying by all of `U`) and `U`'s panels
    (`panel_columns`) divide among the threads. Each thread then multiplies the whole map's
    `V` by its part of `U`'s panels and transforms its channels back (`rewrite._split_k`)."""
    th = math.ceil(shape.oh / 2)
    if threads < 2 or block_rows(shape, target) < th or \
            16 * shape.c * shape.k * 4 / threads < SPLIT_K_MIN_L2_PARTS * target.l2_bytes:
        return None
    panel = panel_columns(shape, th, target)
    if panel is None or (shape.k // panel) % threads:
        return None
    return threads
