"""The F(2x2, 3x3) transform matrices (Lavin and Gray, 2016) and the filter transform at load.

`B^T` and `A^T` hold only 0 and +-1, so the input and output transforms are adds and subtracts
(built as IR by `rewrite.py` from these matrices); `G` holds +-1/2, exact in binary. The filter
transform runs once per weight, in numpy, in float64 then rounded to the weight's type.
"""

from __future__ import annotations

import numpy as np

B_T = np.array([[1, 0, -1, 0],
                [0, 1, 1, 0],
                [0, -1, 1, 0],
                [0, 1, 0, -1]], dtype=np.int64)
"""Input transform: `V = B^T d B` for a 4x4 input patch `d`."""
G = np.array([[1.0, 0.0, 0.0],
              [0.5, 0.5, 0.5],
              [0.5, -0.5, 0.5],
              [0.0, 0.0, 1.0]])
"""Filter transform: `U = G g G^T` for a 3x3 filter `g`."""
A_T = np.array([[1, 1, 1, 0],
                [0, 1, -1, -1]], dtype=np.int64)
"""Output transform: `Y = A^T M A`, the 2x2 outputs of a tile from its 4x4 products `M`."""

TILE = 4
"""Input patch (and transformed tile) side."""
OUTPUT = 2
"""Outputs per tile side."""

WINOGRAD_TRANSFORM = "winograd_2x2_3x3"
"""The value of `xfuse.weight_transform` on a filter argument this rewrite retyped: the caller
passes `filter_transform` of the HWCF weight (after `xfuse.weight_layout`'s permutation)."""


def filter_transform(hwcf: np.ndarray) -> np.ndarray:
    """`U[xi] = G g G^T` of a `3 x 3 x C x K` filter, as a `16 x C x K` array (xi = 4 a + b)."""
    if hwcf.shape[:2] != (3, 3):
        raise ValueError(f"a Winograd F(2x2, 3x3) filter is 3 x 3 x C x K, got {hwcf.shape}")
    u = np.einsum("ai,ijck,bj->abck", G, hwcf.astype(np.float64), G)
    return np.ascontiguousarray(u.reshape(TILE * TILE, *hwcf.shape[2:]).astype(hwcf.dtype))


PANELS = "_panels"
"""`transform_name(width)`: `WINOGRAD_TRANSFORM` then this and the panel width: `filter_panels`."""


def transform_name(panel: int | None) -> str:
    """The `xfuse.weight_transform` of a filter read whole (`None`) or in panels of `panel` columns."""
    return WINOGRAD_TRANSFORM if panel is None else f"{WINOGRAD_TRANSFORM}{PANELS}{panel}"


def filter_panels(hwcf: np.ndarray, panel: int) -> np.ndarray:
    """`filter_transform` in contiguous panels of `panel` output channels: `16 x K/panel x C x
    panel` (each `C x panel` panel one run, read by a register tile of that width)."""
    u = filter_transform(hwcf)
    c, k = u.shape[1:]
    return np.ascontiguousarray(u.reshape(TILE * TILE, c, k // panel, panel).transpose(0, 2, 1, 3))


def apply_transform(name: str, array: np.ndarray) -> np.ndarray:
    """The filter transform `name` (`transform_name`) of an HWCF `array`; ValueError if unknown."""
    if name == WINOGRAD_TRANSFORM:
        return filter_transform(array)
    if name.startswith(WINOGRAD_TRANSFORM + PANELS) and name[len(WINOGRAD_TRANSFORM + PANELS):].isdigit():
        return filter_panels(array, int(name[len(WINOGRAD_TRANSFORM + PANELS):]))
    raise ValueError(f"unknown weight transform {name!r}")


def terms(matrix: np.ndarray, row_a: int, row_b: int) -> list[tuple[int, int, int]]:
    """The nonzero terms of `(matrix X matrix^T)[row_a, row_b]` as `(i, j, sign)`: the entries
    of `X` that output sums (with sign +-1)."""
    return [(i, j, int(matrix[row_a, i] * matrix[row_b, j]))
            for i in range(matrix.shape[1]) for j in range(matrix.shape[1])
            if matrix[row_a, i] * matrix[row_b, j] != 0]
