"""Differential comparison of two compiled versions of one function (the input and a
transformed, bufferized form of it) on the same inputs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


def _copies(values: Sequence[Any]) -> list[Any]:
    return [np.copy(x) if isinstance(x, np.ndarray) else x for x in values]


def assert_same_results(reference: Callable[..., Sequence[Any]], candidate: Callable[..., Sequence[Any]],
                        inputs: Sequence[Any], what: str, tolerance: float = 1e-5) -> None:
    """Both functions on copies of `inputs`: equal results, and the candidate leaves its inputs
    untouched (the runner passes arguments a bufferized function must not write)."""
    expected = reference(*_copies(inputs))
    given = _copies(inputs)
    got = candidate(*given)
    assert len(got) == len(expected), f"{what}: {len(got)} results, expected {len(expected)}"
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        np.testing.assert_allclose(g, e, rtol=tolerance, atol=tolerance, err_msg=f"{what}: result #{index} differs")
    for index, (after, before) in enumerate(zip(given, inputs, strict=True)):
        np.testing.assert_array_equal(after, before, err_msg=f"{what}: the transformed function wrote into argument #{index}")
