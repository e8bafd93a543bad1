"""Which convolutions take Winograd F(2x2, 3x3): a cost model of multiply-adds and moved bytes.

Direct convolution does `9 C K` multiply-adds per output pixel. Winograd does `16 C K` per 2x2
tile, `ceil(OH/2) ceil(OW/2)` tiles: 4/9 of the direct count on even maps, more at odd ones
(the last tile row and column half wasted: 7 x 7 -> 16 tiles, 0.58). Besides, it moves its
transformed input `V` (16 x tiles x C) and products `M` (16 x tiles x K) through memory, each
written once and read once, and the matrix products on few tile rows or few channels run
further from the FMA peak than the direct register tiles do, and `U` is 16/9 the filter's size
(`FILTER_ELEMENT_COST`). The modelled time, in multiply-add
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
FILTER_ELEMENT_COST = 150.0
"""Multiply-add units per filter element per call, in both forms (9 C K direct, 16 C K
transformed): what a layer costs beyond its multiply-adds in proportion to its filter, not to
its pixels: the filter streamed from memory once per call (a network's filters do not stay in
cache), and the matrix products' register tiles on few rows (`tiles`), which reread each panel
of `U` for every few rows. Fit to ResNet-50's four 3x3 layers in the network, one thread (Zen 3,
docs/backend-measurements.md "Zen 3, twelfth session"): Winograd / direct 0.71 at 56 x 56 x 64
(model 0.56), 0.55 at 28 x 28 x 128 (0.66), 1.03 at 14 x 14 x 256 (1.03), 1.27 at 7 x 7 x 512
(1.49)."""
MIN_CHANNELS = 32
"""Fewer input or output channels: the matrix products' `C` or `K` is shorter than a register
tile's reach (AVX2's tiles are 16 or 32 wide), and the transforms dominate."""

MAX_THREADS = 2
"""Builds of more threads leave every convolution direct (measured at one and two threads only,
on a 2-CPU guest). History: with the 16 products as separate top-level matmuls the parallel
pipelines split each by itself, too small to scale (ResNet-50 at two threads 1.06x slower with
Winograd); with the products in one `scf.forall` (`rewrite._products_loop`) VGG-19 ran 0.93x,
ResNet-50 1.01x, Inception-v2 1.02x the direct build's time at two threads (twelfth session); in
blocks of tile rows (`blocks.py`: an `scf.forall` over the blocks, each thread whole blocks)
VGG-19 ran 0.75x the direct build's time at two threads but ResNet-50 1.08x (thirteenth session),
so builds of two threads were left direct until the cost model charged the threads
(`THREADS_READ_WHOLE_FILTER`, fifteenth session, docs/backend-measurements.md)."""
THREADS_READ_WHOLE_FILTER = True
"""In a build of several threads, charge each thread the whole transformed filter `U`: the blocks
of tile rows are the `scf.forall`'s iterations and every block multiplies by all of `U`
(16 C K), so each thread streams all of it, while the direct convolution's iterations are filter
blocks and row chunks, and the threads share its filter. The multiply-adds and moved elements
divide among the threads in both forms. At two threads this leaves the maps of few tiles
(28 x 28 and smaller: ResNet-50's 28 x 28 x 128, Inception-v2's and DenseNet-121's 28 x 28 layers,
VGG-19's 28 x 28 x 512) direct and takes the 56 x 56 and larger ones. Measured at two threads
against the direct build (interleaved, 8 rounds, docs/backend-measurements.md "Zen 3, fifteenth
session: Winograd at two threads"): VGG-19 0.735 (every layer taken: 0.765), ResNet-50 0.893
(0.970), DenseNet-121 1.027 (1.048; 4 of 8 rounds faster: level), Inception-v2 1.026 (0.989).
The charge is a per-element constant, not `U`'s bytes against the caches: VGG-19's 28 x 28 x 512
layer (16 MiB of `U`) alone lost at two threads (1.09x), ResNet-50's 28 x 28 x 128 (1 MiB) won
(0.72x) and is left direct all the same (where to refine it). False (a switch for A/B
measurements): the one-thread model at any thread count."""


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


def winograd_gain(shape: ConvShape, target: CpuTarget, threads: int = 1) -> float:
    """Modelled direct time over Winograd time (> 1: Winograd is faster), per thread of a build of
    `threads` threads (`THREADS_READ_WHOLE_FILTER`: each thread reads the whole of `U`)."""
    filters = shape.c * shape.k * FILTER_ELEMENT_COST
    direct = (9.0 * shape.c * shape.k * shape.n * shape.oh * shape.ow + 9.0 * filters) / threads
    lanes = max(1, target.vector_bits // 32)
    moved = 16.0 * shape.tiles * (shape.c + shape.k) * MOVED_ELEMENT_COST * 8 / lanes
    shared = 1 if THREADS_READ_WHOLE_FILTER else threads
    winograd = (16.0 * shape.c * shape.k * shape.tiles + moved) / threads + 16.0 * filters / shared
    return direct / winograd


def takes_winograd(shape: ConvShape, target: CpuTarget, threads: int = 1) -> bool:
    """Whether the convolution is rewritten in a build of `threads` threads (`MAX_THREADS`,
    `MIN_CHANNELS`, `MIN_GAIN`)."""
    if threads > MAX_THREADS or min(shape.c, shape.k) < MIN_CHANNELS or shape.oh < 2 or shape.ow < 2:
        return False
    return winograd_gain(shape, target, threads) >= MIN_GAIN
