"""Data tiling executed: every case of tests/data_tiling/cases/ through xfuse-set-encoding and
xfuse-materialize-encoding (then xfuse-generic-to-mmt4d), xfuse-lower-pack-unpack, compiled by
mlir-opt 22 and run on the same random inputs as the untransformed function: same results.

A case's first line says the target, the op the contraction must become after materialization
(`expect=`) and, when generic-to-mmt4d changes it, after that (`then=`); both forms are run."""

import re
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes

CASES = sorted((Path(__file__).parent / "cases").glob("*.mlir"))


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _case_header(text: str) -> tuple[str, str, str | None]:
    match = re.match(r"// CASE: target=(\S+) expect=(\S+)(?: then=(\S+))?", text)
    assert match, "a case starts with '// CASE: target=<t> expect=<op> [then=<op>]'"
    return match.group(1), match.group(2), match.group(3)


def _op_names(module) -> list[str]:
    return [op.name for op in module.walk()]


def test_every_case_is_here():
    assert len(CASES) == 19


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_data_tiled_matches_untransformed(case: Path):
    text = case.read_text()
    target, expected_op, then_op = _case_header(text)
    module = parse(text, name=str(case))
    materialized = apply_passes(module.clone(), f"xfuse-set-encoding,xfuse-materialize-encoding{{target={target}}}")
    ops = _op_names(materialized)
    assert "iree_encoding.set_encoding" not in ops and "iree_encoding.unset_encoding" not in ops
    assert expected_op in ops, f"{case.stem}: expected a {expected_op} after materialization, got {sorted(set(ops))}"
    if "dropped" not in case.stem:
        assert "linalg.pack" in ops and "linalg.unpack" in ops
    named = apply_passes(materialized.clone(), "xfuse-generic-to-mmt4d")
    assert (then_op or expected_op) in _op_names(named)
    candidates = [named] if then_op is None else [materialized, named]
    reference = compile_module(module)
    compiled = [compile_module(apply_passes(c, "xfuse-lower-pack-unpack")) for c in candidates]
    for seed, candidate in ((s, c) for s in (0, 1) for c in compiled):
        inputs = random_inputs(reference.signature, seed=seed)
        expected = reference(*inputs)
        got = candidate(*inputs)
        for g, e in zip(got, expected, strict=True):
            if np.issubdtype(e.dtype, np.integer):
                np.testing.assert_array_equal(g, e, err_msg=f"{case.stem} (seed {seed})")
            else:
                np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5, err_msg=f"{case.stem} (seed {seed})")
