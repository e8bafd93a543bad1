"""Strided poolings of an input read twice, moved to right after the input
(xfuse/backends/in_place/early_poolings.py).

- The rewrite: ShuffleNet's shortcut pooling (with its pad, init and window) moves before the
  branch; a pooling of an input nothing else reads, or whose result is not smaller, stays.
- Differential: through `microkernel` against `default` (no move).
- Memory: the unit's input no longer lives across the branch.
"""

from pathlib import Path

import pytest

from xfuse.backends.in_place.early_poolings import early_poolings
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.testing.differential import assert_same_results

INPUT = Path(__file__).parent / "inputs" / "early_poolings.mlir"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _names(module, function):
    body = next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == function)
    return [op.name for op in body.body.block.ops if op.name != "arith.constant"]


def test_the_shortcut_pooling_moves_before_the_branch():
    module = parse(INPUT.read_text())
    before = _names(module, "only_reader")
    assert early_poolings(module) == 1
    module.verify()
    assert _names(module, "shortcut_last")[:7] == ["tensor.empty", "linalg.generic", "tensor.pad", "tensor.empty",
                                                   "linalg.fill", "tensor.empty", "linalg.pooling_nhwc_sum"]
    assert _names(module, "only_reader") == before


@pytest.mark.parametrize("function", ["shortcut_last", "only_reader"])
def test_early_poolings_agree_with_the_reference(function):
    text = INPUT.read_text()
    candidate = compile_module(text, function, "microkernel")
    reference = compile_module(text, function, "default")
    inputs = random_inputs(reference.signature, seed=0)
    assert_same_results(reference, candidate, inputs, function)


def test_the_input_dies_before_the_branch(monkeypatch):
    import xfuse.backends.in_place.early_poolings as rewrite

    text = INPUT.read_text()
    moved = compile_module(text, "shortcut_last", "microkernel", cache=False)
    moved(*random_inputs(moved.signature))
    monkeypatch.setattr(rewrite, "_hoist", lambda pool: False)
    kept = compile_module(text, "shortcut_last", "microkernel", cache=False)
    kept(*random_inputs(kept.signature))
    smaller, larger = (c.arena_pool().plan.bytes for c in (moved, kept))
    assert smaller < larger, (smaller, larger)
