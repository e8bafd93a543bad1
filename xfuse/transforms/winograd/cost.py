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
FILTER_ELEMENT_COST = 72.0
"""Multiply-add units per filter element per call, in both forms (9 C K direct, 16 C K
transformed), in a build of one thread: what a layer costs beyond its multiply-adds in
proportion to its filter, not to its pixels: the filter streamed from memory once per call (a
network's filters do not stay in cache), and the matrix products' register tiles on few rows
(`tiles`), which reread each panel of `U` for every few rows. First fit (150, twelfth session,
the products over the whole map, `U` read with rows `K` apart) to ResNet-50's four 3x3 layers in
the network, one thread: Winograd / direct 0.71 at 56 x 56 x 64, 0.55 at 28 x 28 x 128, 1.03 at
14 x 14 x 256, 1.27 at 7 x 7 x 512. Since the thirteenth session the products read `U` in
contiguous panels, a block's tiles per panel (`blocks.panel_columns`), and the 14 x 14 x 256
layer, one block of 49 tiles, runs 0.91 of the direct layer alone (seventeenth session): refit
to 72, which takes the 14 x 14 maps of 64 or more channels each way (model gain 1.17-1.23:
ResNet-50's five 256 -> 256, VGG-19's 512 -> 512, Inception-v2's thirteen 64..192 -> 96..256,
DenseNet-121's 128 -> 32) and still no 7 x 7 map (0.75-0.77); 88 took only those of 192 or more
channels. Interleaved against 150 / 88: ResNet-50 0.95-0.97, VGG-19 0.96, Inception-v2 0.92 of
88, DenseNet-121 (see docs/backend-measurements.md "Zen 3, seventeenth session: ResNet-50's
14 x 14 3x3 layers")."""
THREADS_FILTER_ELEMENT_COST = 150.0
"""`FILTER_ELEMENT_COST` in builds of several threads: the first fit, which the rules of
`THREADS_FILTER_CHARGE` were measured against (fifteenth and sixteenth sessions); at 88 the
two-thread model would take VGG-19's 28 x 28 x 512 layers (model gain 1.32), which alone at two
threads run 1.09x the direct layer."""
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
(`THREADS_FILTER_CHARGE`, fifteenth session, docs/backend-measurements.md)."""
THREADS_FILTER_CHARGE = "split_k"
"""How a build of several threads charges each thread for the transformed filter `U`. The blocks
of tile rows are the `scf.forall`'s iterations and every block multiplies by all of `U`
(16 C K), so each thread reads all of it, while the direct convolution's iterations are filter
blocks and row chunks, and the threads share its filter. The multiply-adds and moved elements
divide among the threads in both forms.

"beyond_l2" (the rule of the sixteenth and seventeenth sessions; "split_k" keeps it for every
layer but the 14 x 14 maps): the part of `U` within one core's L2
(`CpuTarget.l2_bytes`) is shared like the direct filter, the part beyond it is charged whole to
every thread (each streams it). At two threads on Zen 3 (512 KiB L2) this takes the 56 x 56 and
larger maps, the 28 x 28 layers of small filters (Inception-v2's 64 -> 64, 64 -> 96, 96 -> 96,
256-576 KiB of `U`; DenseNet-121's 128 -> 32) and ResNet-50's 28 x 28 x 128 (1 MiB, gain 1.21:
ResNet-50 at two threads 0.979 of the "within_l2" build, 13 of 14 rounds faster, once the arena
bound admitted the layer, `memory.EMPTY_IS_LIVE`), and leaves VGG-19's 28 x 28 x 256/512 (8 and
16 MiB) direct. "within_l2" (the fifteenth session's rule): a `U` within one core's L2 shared, a
larger one charged whole (the 96 -> 96 and 128 -> 128 layers direct; the fifteenth session's
ResNet-50 A/B against "beyond_l2", 1.07x, timed one module twice: the bound refused the layer).
"whole" (the fifteenth session's first rule): all of `U` to every thread at
any size; it left every 28 x 28 map direct (Inception-v2 2.6% slower than with them taken).
"shared": the one-thread model at any thread count (VGG-19's 28 x 28 x 512 taken: alone at two
threads 1.09x the direct layer). Measured: docs/backend-measurements.md "Zen 3, fifteenth
session: Winograd at two threads" and "Zen 3, sixteenth session: Winograd layers the arena bound
refused". The shared L3 (32 MiB on Zen 3) is not modelled. The
switches other than the rule are kept for A/B measurements (`benchmarks/flag_ab.py`).

"split_k" (the rule since the eighteenth session): "beyond_l2", except for the layers one block
of tile rows holds (`blocks.k_parts`: the 14 x 14 maps), which the rewrite splits over parts of
K (`rewrite._split_k`): each thread multiplies by its part of `U`, so they share it, and its
products are the one-thread form's on fewer panels: the one-thread model divided by the threads
(`FILTER_ELEMENT_COST`, share 1 / threads). It takes ResNet-50's five 14 x 14 x 256 layers,
Inception-v2's six 14 x 14 ones of 96+ channels and VGG-19's four 14 x 14 x 512 at two threads:
ResNet-50 0.932 and 0.936 of the "beyond_l2" build (12/12, 11/12 rounds), VGG-19 0.942 and 0.939 (5/6, 6/6)
(docs/backend-measurements.md "Zen 3, eighteenth session: Winograd at two threads on 14 x 14
maps")."""


def filter_share(shape: ConvShape, target: CpuTarget, threads: int) -> float:
    """The fraction of Winograd's filter term charged to each of `threads` threads
    (`THREADS_FILTER_CHARGE`): 1 / `threads` when the threads share `U`, 1 when each streams it
    (always 1 at one thread: the one-thread model whatever the switch)."""
    if threads == 1 or THREADS_FILTER_CHARGE == "shared" or splits_k(shape, target, threads):
        return 1.0 / threads
    if THREADS_FILTER_CHARGE == "whole":
        return 1.0
    u_bytes = 16 * shape.c * shape.k * 4
    if THREADS_FILTER_CHARGE == "within_l2":
        return 1.0 / threads if u_bytes <= target.l2_bytes else 1.0
    beyond = max(0, u_bytes - target.l2_bytes) / u_bytes
    return beyond + (1.0 - beyond) / threads


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


def splits_k(shape: ConvShape, target: CpuTarget, threads: int) -> int | None:
    """The parts of K the rewrite splits the layer into at `threads` threads
    (`THREADS_FILTER_CHARGE` = "split_k" and `blocks.k_parts`), or None."""
    if threads == 1 or THREADS_FILTER_CHARGE != "split_k":
        return None
    from xfuse.transforms.winograd.blocks import k_parts

    return k_parts(shape, target, threads)


def winograd_gain(shape: ConvShape, target: CpuTarget, threads: int = 1) -> float:
    """Modelled direct time over Winograd time (> 1: Winograd is faster), per thread of a build of
    `threads` threads (`THREADS_FILTER_CHARGE`: what each thread pays for `U`)."""
    one_thread = threads == 1 or splits_k(shape, target, threads) is not None
    filters = shape.c * shape.k * (FILTER_ELEMENT_COST if one_thread else THREADS_FILTER_ELEMENT_COST)
    direct = (9.0 * shape.c * shape.k * shape.n * shape.oh * shape.ow + 9.0 * filters) / threads
    lanes = max(1, target.vector_bits // 32)
    moved = 16.0 * shape.tiles * (shape.c + shape.k) * MOVED_ELEMENT_COST * 8 / lanes
    winograd = ((16.0 * shape.c * shape.k * shape.tiles + moved) / threads
                + 16.0 * filters * filter_share(shape, target, threads))
    return direct / winograd


def takes_winograd(shape: ConvShape, target: CpuTarget, threads: int = 1) -> bool:
    """Whether the convolution is rewritten in a build of `threads` threads (`MAX_THREADS`,
    `MIN_CHANNELS`, `MIN_GAIN`)."""
    if threads > MAX_THREADS or min(shape.c, shape.k) < MIN_CHANNELS or shape.oh < 2 or shape.ow < 2:
        return False
    return winograd_gain(shape, target, threads) >= MIN_GAIN
