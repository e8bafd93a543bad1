"""xfuse-bufferize on seeded random programs, differentially against mlir-opt
(xfuse/testing/random_tensor_programs.py):

- tensor programs over the modelled ops (insert, slices, pad, concat, reshapes, casts, select,
  scf.if / scf.for, materialize_in_destination, splat, linalg ops writing into existing values);
- fused kernels: a matmul + elementwise chain through
  `xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse` first (how issue 9's defects were found).

A few seeds run in the quick suite; many on demand:

    python -m pytest -m slow tests/test_bufferize_random.py
    python -m xfuse.testing.random_tensor_programs tensor 0 500   # or: fused 0 200
"""

from __future__ import annotations

import pytest

from xfuse.testing.random_tensor_programs import (
    FUSION_PIPELINE,
    NoReference,
    check,
    fused_kernel,
    run_many,
    tensor_program,
)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _check(text: str, passes: str = "") -> None:
    try:
        check(text, passes)
    except NoReference as exc:
        pytest.skip(f"mlir-opt cannot compile the input: {exc}")


@pytest.mark.parametrize("seed", range(4))
def test_random_tensor_program(seed: int):
    _check(tensor_program(seed))


@pytest.mark.parametrize("seed", range(2))
def test_random_fused_kernel(seed: int):
    _check(fused_kernel(seed), FUSION_PIPELINE)


def test_generator_is_seeded_and_varied():
    assert tensor_program(7) == tensor_program(7)
    programs = {tensor_program(s) for s in range(20)}
    assert len(programs) == 20
    text = "".join(programs)
    for op in ("tensor.insert ", "tensor.pad", "tensor.concat", "tensor.expand_shape", "scf.for", "scf.if",
               "arith.select", "bufferization.materialize_in_destination", "tensor.insert_slice"):
        assert op in text, f"no {op} in 20 programs"


@pytest.mark.slow
def test_many_random_tensor_programs():
    outcomes = run_many("tensor", range(200))
    assert not outcomes["failed"], f"failing seeds: {outcomes['failed']}"
    assert len(outcomes["ok"]) >= 180


@pytest.mark.slow
def test_many_random_fused_kernels():
    outcomes = run_many("fused", range(100))
    assert not outcomes["failed"], f"failing seeds: {outcomes['failed']}"
