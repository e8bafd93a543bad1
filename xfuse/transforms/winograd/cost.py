"""Which convolutions take Winograd F(2x2, 3x3): a cost model of multiply-adds and moved bytes.

Direct convolution does `9 C K` multiply-adds per output pixel. Winograd does `16 C K` per 2x2
tile, `ceil(OH/2) ceil(OW/2)` tiles: 4/9 of the direct count on even maps, more at odd ones
(the last tile row and column half wasted: 7 x 7 -> 16 tiles, 0.58). Besides, it moves its
transformed input `V` (16 x tiles x C) and products `M` (16 x tiles x K) through memory, each
written once and read once, and the matrix products on few tile rows or few channels run
further from the FMA peak than the direct register tiles do. The modelled time, in multiply-add
units, of each is compared (`winograd_gain`); the rewrite is taken from `MIN_GAIN`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xfuse.backends.target import CpuTarget

MIN_GAIN = 1.15
"""Direct time / Winograd time from which a convolution is rewritten."""
MOVED_ELEMENT_COST = 4.0
"""Multiply-add units per element of `V` or `M` written and read back (the transforms' loads,
adds and stores, vectorized, and the traffic beyond L1), per lane of the target's vectors of
8 f32 lanes (scaled by the width)."""
MIN_CHANNELS = 32
"""Fewer input or output channels: the matrix products' `C` or `K` is shorter than a register
tile's reach (AVX2's tiles are 16 or 32 wide), and the transforms dominate."""


@dataclass(frozen=True)
class ConvShape:
    """A 3x3 stride-1 NHWC convolution: batch, output rows and columns, channels in and out."""

    n: int
    oh: int
    ow: int
    c: int
    k: int

    @property
    def tiles(self) -> int:
        return self.n * math.ceil(self.oh / 2) * math.ceil(self.ow / 2)


def winograd_gain(shape: ConvShape, target: CpuTarget) -> float:
    """Modelled direct time over Winograd time (> 1: Winograd is faster)."""
    direct = 9.0 * shape.c * shape.k * shape.n * shape.oh * shape.ow
    lanes = max(1, target.vector_bits // 32)
    moved = 16.0 * shape.tiles * (shape.c + shape.k) * MOVED_ELEMENT_COST * 8 / lanes
    winograd = 16.0 * shape.c * shape.k * shape.tiles + moved
    return direct / winograd


def takes_winograd(shape: ConvShape, target: CpuTarget) -> bool:
    """Whether the convolution is rewritten (`MIN_CHANNELS`, `MIN_GAIN`)."""
    if min(shape.c, shape.k) < MIN_CHANNELS or shape.oh < 2 or shape.ow < 2:
        return False
    return winograd_gain(shape, target) >= MIN_GAIN
