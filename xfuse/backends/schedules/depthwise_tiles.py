"""The register tile and reduction tiling of depthwise convolutions (conv.py's schedule).

conv.py picks a depthwise convolution's tile with the matmul cost model (`choose_conv_tile`
over `(OW, C)`), which counts one broadcast of A shared by a tile row's vectors. A depthwise tile
shares nothing across its row's vectors: each FMA loads its own input vector, and only the
filter vector is reused, across the pixels. So the width the cost model gives buys no load and
costs registers (`one_vector_depthwise`). Measured on Zen 4 (docs/backend-measurements.md,
"Zen 4, nineteenth session: xfuse per operator").
"""

from __future__ import annotations

from dataclasses import replace

from xfuse.backends.schedules.micro_tile import MIN_ACCUMULATORS, MicroTile

DEPTHWISE_ONE_VECTOR = True
"""Depthwise register tiles one vector of channels wide (`one_vector_depthwise`); off: the matmul
cost model's width. On Zen 4 (flag_ab, interleaved): MobileNetV2 0.894 (8/10) and 0.889 (10/10)
at one thread, 0.926 (9/10) at two; ConvNeXt 0.968 (6/8), 0.969 (5/6), 0.966 (6/6) at two; the
depthwise layers it changes 0.62-1.01."""

DEPTHWISE_KW_BY_ONE = False
"""An A/B switch, off: the `kw` loop tiled by 1 as ../shared/research/speed-limits.md's stock
recipe does, instead of kept whole (conv.py's `REDUCTION_TILES`); no order held on Zen 4, and the
136-channel layer was slower in both runs (1.061, 1.092)."""


def one_vector_depthwise(tile: MicroTile) -> MicroTile:
    """`tile` with one vector of channels per row, when its rows alone keep `MIN_ACCUMULATORS`
    accumulators: 128 channels at 28 x 28 got 14 x 32 on AVX-512 (28 accumulators beside the
    2 x 16 input vectors of a `kw`-whole step), 32 GFLOP/s against 58 for 136 channels' 14 x 8.
    AVX2's 4 x 16 and 2 x 32 (and AVX-512's 7 x 32 on 7-wide rows) keep their width: one vector
    would leave 2-7 accumulators, too few to hide the FMA latency."""
    if DEPTHWISE_ONE_VECTOR and tile.nr > tile.lanes and tile.mr >= MIN_ACCUMULATORS:
        return replace(tile, nr=tile.lanes)
    return tile


def depthwise_reduction_tiles(whole_kw: list[int]) -> list[int]:
    """The tile sizes of a depthwise convolution's loops `(n, oh, ow, c, kh, kw)`: `whole_kw`
    (conv.py's, `kw` whole), or `kw` by 1 too with `DEPTHWISE_KW_BY_ONE`."""
    return [*whole_kw[:5], 1] if DEPTHWISE_KW_BY_ONE else whole_kw
