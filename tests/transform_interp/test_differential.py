"""xfuse's transform interpreter against mlir-opt's, executed (see differential.py).

Each case in cases/ is a payload plus a transform script adapted from MLIR 22's tests (the
header of each file says which): the untransformed payload, xfuse's result and, when the script
uses only upstream ops, mlir-opt's result are compiled and run on the same random inputs.
"""

from pathlib import Path

import pytest

from tests.transform_interp.differential import CASES_DIR, check_case

CASES = sorted(CASES_DIR.glob("*.mlir"))
QUICK = {"fuse_unary"}


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


@pytest.mark.parametrize("case", [c for c in CASES if c.stem in QUICK], ids=lambda p: p.stem)
def test_quick_case_agrees(case: Path):
    check_case(case, seeds=(0,))


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in CASES if c.stem not in QUICK], ids=lambda p: p.stem)
def test_case_agrees(case: Path):
    check_case(case)
