"""benchmarks/memory.py: xfuse's per-call arena beside onnxruntime's peak of intermediates.

What is checked: the preloaded counter (benchmarks/malloc_peak.c) sees a buffer that lives and
dies inside its window, and the bytes live return to where they were; one small network's
record has both sides, the arena at least its peak live bytes; unknown models are refused;
(heavy) the arenas of the networks the in-place rewrites brought below onnxruntime do not grow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch_mlir")
pytest.importorskip("onnxruntime")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import memory  # noqa: E402
from benchmarks.heap import c_library  # noqa: E402

COUNTED = """
import ctypes
import numpy as np
counter = ctypes.CDLL(None)
counter.xfuse_malloc_peak_reset.restype = counter.xfuse_malloc_peak.restype = ctypes.c_int64
before = counter.xfuse_malloc_peak_reset()
block = np.ones(1 << 22, np.uint8)
del block
print(counter.xfuse_malloc_peak() - before, counter.xfuse_malloc_peak_reset() - before)
"""


def test_the_preloaded_counter_sees_a_buffer_freed_inside_the_window():
    library = c_library(memory.SOURCE, "malloc-peak")
    child = subprocess.run([sys.executable, "-c", COUNTED], env={"LD_PRELOAD": str(library), "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, check=True)
    peak, left = (int(word) for word in child.stdout.split())
    assert peak >= 1 << 22
    assert abs(left) < 1 << 16  # the 4 MiB were given back


def test_a_small_network_has_both_sides():
    record = memory.measure("transformer-tiny", seed=0)
    assert record["onnxruntime_per_tensor"] > 0 and record["onnxruntime_default"] > 0
    assert record["xfuse_arena"] >= record["xfuse_peak_live"] > 0
    assert record["arena_over_onnxruntime"] == record["xfuse_arena"] / record["onnxruntime_per_tensor"]


def test_an_unknown_model_is_refused(capsys):
    with pytest.raises(SystemExit):
        memory.main(["--models", "no-such-net"])
    assert "unknown model" in capsys.readouterr().err


ARENA_BYTES = {"shufflenet": 2885312, "inception_v2": 4014208, "resnet50": 5218496, "mobilenet_v3": 4014208,
               "regnet_y": 4616384}
"""`Model.memory.arena` measured 2026-11-29 (docs/benchmarks.md, "`memory.py`"), below onnxruntime's
per-tensor peaks of 2,894,440, 4,021,240, 5,225,408, 4,018,240 and 4,621,400 bytes: poolings
clipped, the top buffer placed first, the largest padded input of a convolution read unpadded,
strided poolings first (docs/backend-memory.md, "One arena per call")."""

SHUFFLED_ARENA_BYTES = 2159552
"""ShuffleNet's arena with the shuffles written shuffled (`SHUFFLES_IN_PLACE_ENABLED`, off by
default for its time), measured 2026-11-29."""


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(ARENA_BYTES))
def test_the_arena_does_not_grow(name):
    """A whole network compiled and checked against onnxruntime (about a minute each)."""
    arena = memory.xfuse_arena(name, seed=0)
    assert arena["arena"] <= ARENA_BYTES[name], arena


@pytest.mark.heavy
def test_the_shuffled_arena_does_not_grow(monkeypatch):
    import xfuse.backends.in_place.shuffle_in_place as shuffles

    monkeypatch.setattr(shuffles, "SHUFFLES_IN_PLACE_ENABLED", True)
    arena = memory.xfuse_arena("shufflenet", seed=0)
    assert arena["arena"] <= SHUFFLED_ARENA_BYTES, arena
