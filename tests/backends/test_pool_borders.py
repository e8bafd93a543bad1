"""Poolings that read their input unpadded, their border windows clipped
(xfuse/backends/in_place/pool_borders.py).

- The rewrite: a max pooling padded with its accumulator's start value and a zero-padded sum
  pooling become pieces on slices of the unpadded input, windows clipped at the border; a pad
  that could change the result, or that another op reads, is left alone.
- Differential: every function of the input file through `microkernel` at one and two threads
  against `default` (no rewrite: the padded pooling).
- Memory: the arena no longer holds the padded copy.
"""

from pathlib import Path

import pytest

from xfuse.backends.in_place.pool_borders import pool_borders
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.testing.differential import assert_same_results

INPUT = Path(__file__).parent / "inputs" / "pool_borders.mlir"
FUNCTIONS = ["max_pool", "sum_pool", "ceil_mode_max_pool", "max_pool_zero_pad", "pad_read_twice"]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _function(module, name):
    return next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)


def _pools(function):
    return [op for op in function.walk() if op.name.startswith("linalg.pooling")]


def _windows(pools):
    """(output rows, output columns, window rows, window columns, input row, input column) of each."""
    return [(*p.results[0].type.get_shape()[1:3], *p.operands[1].type.get_shape(),
             *p.operands[0].op.properties["static_offsets"].get_values()[1:3]) for p in pools]


def test_only_a_pad_that_cannot_change_the_result_is_clipped_away():
    module = parse(INPUT.read_text())
    assert pool_borders(module) == 3
    module.verify()
    max_pool = _function(module, "max_pool")
    assert not [op for op in max_pool.walk() if op.name == "tensor.pad"]
    # 9 input rows, pad 1, window 3, stride 2: output 0 and 4 clipped to 2 rows, 1-3 inside from row 1
    rows = {(r[0], r[2], r[4]) for r in _windows(_pools(max_pool))}
    assert rows == {(1, 2, 0), (3, 3, 1), (1, 2, 7)}
    assert len(_pools(max_pool)) == 9
    sum_pool = _function(module, "sum_pool")
    # rows: pad 1 at both ends, stride 1 (clipped, inside 1-4, clipped); columns: only the end
    assert sorted({(r[1], r[3], r[5]) for r in _windows(_pools(sum_pool))}) == [(1, 2, 5), (5, 3, 0)]
    assert len(_pools(sum_pool)) == 6
    ceil_mode = _function(module, "ceil_mode_max_pool")
    # 8 rows, padded at the end: outputs 0-2 inside, output 3 clipped to rows 6-7
    assert sorted({(r[0], r[2], r[4]) for r in _windows(_pools(ceil_mode))}) == [(1, 2, 6), (3, 3, 0)]
    for name in ("max_pool_zero_pad", "pad_read_twice"):
        (pool,) = _pools(_function(module, name))
        assert pool.operands[0].op.name == "tensor.pad", name


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("function", FUNCTIONS)
def test_pool_borders_agree_with_the_reference(function, threads):
    text = INPUT.read_text()
    candidate = compile_module(text, function, "microkernel", threads=threads)
    reference = compile_module(text, function, "default")
    for seed in (0, 1):
        # in [-2, 0]: a pad that could win a border window would (a zero beside negative inputs)
        inputs = [x - 1.0 for x in random_inputs(reference.signature, seed=seed)]
        assert_same_results(reference, candidate, inputs, f"{function} seed {seed}")


def test_the_arena_holds_no_padded_copy(monkeypatch):
    import xfuse.backends.in_place.pool_borders as rewrite

    text = INPUT.read_text()
    padded = 4 * 11 * 11 * 8
    with_rewrite = compile_module(text, "max_pool", "microkernel", cache=False)
    with_rewrite(*random_inputs(with_rewrite.signature))
    monkeypatch.setattr(rewrite, "pool_borders", lambda module: 0)
    without = compile_module(text, "max_pool", "microkernel", cache=False)
    without(*random_inputs(without.signature))
    smaller, larger = (c.arena_pool().plan.bytes for c in (with_rewrite, without))
    assert larger >= padded > smaller, (smaller, larger)
