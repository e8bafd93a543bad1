"""Helpers of the rock tests: run a rock kernel (any stage) on numpy arrays."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import xfuse
from xfuse.passes import apply_passes

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rock_running_example.mlir"


def run_kernel(text: str, arrays: list[np.ndarray], passes: str = "") -> list[np.ndarray]:
    """Apply `passes`, compile (rock-to-loops happens in the backend), call; return the arguments after the call."""
    ctx = xfuse.make_context()
    module = xfuse.parse(text, ctx)
    module.verify()
    if passes:
        apply_passes(module, passes, ctx)
        module.verify()
    arguments = [a.copy() for a in arrays]
    xfuse.compile_module(module)(*arguments)
    return arguments


def running_example_inputs(seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [
        rng.standard_normal((1, 4, 32), dtype=np.float32),
        rng.standard_normal((1, 4, 64), dtype=np.float32),
        rng.standard_normal(8, dtype=np.float32),
        np.zeros((64, 32), np.float32),
    ]


def running_example_reference(a: np.ndarray, b: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The seed's running example in numpy: out = C.T + tile(bias, 8)[:, None]."""
    c = a[0].T @ b[0]
    return c.T + np.tile(bias, 8)[:, None]
