"""xfuse-materialize-encoding on hand-written encoded IR (tests/data_tiling/encoded/): encodings
propagated to tensor.empty, linalg.fill and elementwise generics. The reference is the same IR
with the encodings dropped (an unknown target), which is the plain computation."""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes

CASES = sorted((Path(__file__).parent / "encoded").glob("*.mlir"))


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
@pytest.mark.parametrize("target", ["x86_64-avx2", "x86_64-avx512"])
def test_materialized_matches_dropped(case: Path, target: str):
    module = parse(case.read_text(), name=str(case))
    dropped = apply_passes(module.clone(), "xfuse-materialize-encoding{target=none}")
    assert "linalg.pack" not in [op.name for op in dropped.walk()]
    packed = apply_passes(module.clone(), f"xfuse-materialize-encoding{{target={target}}}")
    names = [op.name for op in packed.walk()]
    assert "linalg.mmt4d" in names and "linalg.unpack" in names
    reference = compile_module(dropped)
    candidate = compile_module(apply_passes(packed, "xfuse-lower-pack-unpack"))
    inputs = random_inputs(reference.signature, seed=2)
    for got, expected in zip(candidate(*inputs), reference(*inputs), strict=True):
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
